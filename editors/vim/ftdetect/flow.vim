" .flow files are FlowGraph's navigation flows (docs/Editors.md).
autocmd BufRead,BufNewFile *.flow setfiletype flow
