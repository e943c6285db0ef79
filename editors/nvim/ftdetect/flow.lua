-- .flow files are FlowGraph programs (filetype `flow`); an autocommand, which every Neovim since
-- 0.5 reads from ftdetect/*.lua (vim.filetype.add needs 0.8's Lua filetype detection).
vim.cmd([[autocmd BufRead,BufNewFile *.flow setfiletype flow]])
