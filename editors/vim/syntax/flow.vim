" Vim syntax file for FlowGraph's .flow files (Vim and Neovim), for editors without the language
" server. Language: docs/Language.md; install: docs/Editors.md.
"
" The words inside \<\%(...\)\> on the 'syntax match flow...' lines below are generated from the
" compiler's keyword table (Keyword) and its rules (Rule): Tests/FlowGraphTests/EditorGrammarTests.swift
" fails when they are stale, and FLOWGRAPH_RECORD=1 swift test --filter EditorGrammar rewrites them.
" Keywords are contextual in the language (a step may be named tabs): a member is coloured at the
" start of a line or after a {, a move after ->, a comma or else, a modifier anywhere it is not a
" parameter's name (so 'push tabs' colours tabs as a modifier).

if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syntax case match

" A word inside a declaration, unless it is a parameter's name (first: the later items win).
syntax match flowModifier /\<\%(tabs\|receives\|runs\|if\|else\|at\|locked\|while\|ignoring\|case\|async\|below\|as\|keeps\|links\|detents\|medium\|large\|height\|interactive\|compact\|like\|split\|in\|content\|detail\|given\|expect\|back\|swipe\|blocked\|by\|not\|handled\|impossible\|tab\|stack\|from\)\>\%(\s*:\)\@!/

" The name a declaration declares, and a use of a name after start, link, on, use.
syntax match flowDeclaredName /`\=\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*`\=/ contained
syntax match flowTypeName /`\=\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*`\=\%(\.\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*\)*/ contained
syntax match flowUsedName /`\=\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*`\=/ contained
syntax match flowAsync /\<async\>\ze\s\+[A-Za-z_`]/ contained nextgroup=flowDeclaredName skipwhite

syntax match flowDeclaration /^\s*\zs\<\%(flow\|destinations\|import\|journey\)\>/ nextgroup=flowTypeName skipwhite
syntax match flowMemberNaming /\%(^\|{\)\s*\zs\<\%(step\|exit\|guard\|alert\|dialog\)\>/ nextgroup=flowAsync,flowDeclaredName skipwhite
syntax match flowMember /\%(^\|{\)\s*\zs\<\%(start\|link\|on\|use\)\>/ nextgroup=flowUsedName skipwhite
syntax match flowAction /\%(\%(->\|,\|\<else\)\s*\)\@<=\<\%(push\|sheet\|popover\|cover\|replace\|root\|popTo\|select\|exit\|pop\|dismiss\|close\|alert\|dialog\|open\|restart\|show\)\>\%(\s*:\)\@!/

" Parameters: (name: Type, ...); a type ends at a comma or a parenthesis outside its own
" parentheses (a comma inside <A, B> or [A: B] ends it early: a limit of this file).
syntax region flowParameters matchgroup=flowDelimiter start=/(/ end=/)/ contains=flowParameterName,flowComment,flowBlockComment,flowDocComment,flowIgnore
syntax match flowParameterName /`\=\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*`\=\ze\s*:/ contained nextgroup=flowColon skipwhite
syntax match flowColon /:/ contained nextgroup=flowType skipwhite
syntax match flowType /\%([^,()]\|([^()]*)\)\+/ contained contains=flowSupportType,flowArrow

syntax keyword flowSupportType String Substring Character Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 contained
syntax keyword flowSupportType Double Float Decimal Bool Void Never Any AnyObject Optional Array Dictionary Set Result Error URL UUID Date Data contained

syntax match flowArrow /->/
syntax match flowBacktickName /`\%([A-Za-z_]\|[^\x00-\x7f]\)\%(\w\|[^\x00-\x7f]\)*`/
syntax match flowNumber /\<\d[0-9_]*\>/
syntax match flowOperator /[?!&@=~]/

" Link patterns: strings with \" and \\, {placeholders} and *.
syntax region flowString start=/"/ skip=/\\[\\"]/ end=/"/ end=/$/ oneline contains=flowEscape,flowBadEscape,flowPlaceholder,flowWildcard
syntax match flowBadEscape /\\./ contained
syntax match flowEscape /\\[\\"]/ contained
syntax match flowPlaceholder /{[^{}"\\]*}/ contained
syntax match flowWildcard /\*/ contained

" Comments: // lines, /// documentation (exactly three slashes), // flowgraph:ignore rule-id -- why,
" and /* */ blocks, which nest.
syntax keyword flowTodo TODO FIXME XXX NOTE contained
syntax match flowComment +//.*$+ contains=flowTodo
syntax match flowDocComment +///\%(/\)\@!.*$+ contains=flowTodo
syntax match flowIgnore +//\%(/\)\@!\s*flowgraph:ignore\>.*$+ contains=flowIgnoreWord,flowRuleId,flowIgnoreReason
syntax match flowIgnoreWord /flowgraph:ignore/ contained
syntax match flowIgnoreReason /--.*$/ contained
syntax match flowRuleId /\<\%(syntax\|unknown-name\|duplicate-name\|missing-start\|input-mismatch\|payload-conflict\|conflicting-transitions\|recursive-flow\|select-outside-tabs\|unknown-exit\|invalid-pop\|invalid-pop-to\|invalid-dismiss\|invalid-close\|invalid-push-below\|start-guard\|at-unreachable\|link-mismatch\|overlapping-links\|unsupported-type\|swift-name\|result-mismatch\|lock-guard\|lock-conflict\|invalid-like\|invalid-column\|journey-fails\|empty-alert\|unreachable-step\|unreachable-flow\|dead-end\|cannot-finish\|unhandled-exit\|unused-guard\|unused-exit\|link-unreachable\|overlapping-guards\|unused-ignore\|unreceived-result\|unused-receive\|unused-alert\|kept-links-never-open\|absent-tab\)\>-\@!/ contained
syntax region flowBlockComment start=+/\*+ end=+\*/+ contains=flowBlockComment,flowTodo extend

highlight default link flowDeclaration Keyword
highlight default link flowMemberNaming Keyword
highlight default link flowMember Keyword
highlight default link flowAction Conditional
highlight default link flowModifier StorageClass
highlight default link flowAsync StorageClass
highlight default link flowDeclaredName Function
highlight default link flowTypeName Type
highlight default link flowUsedName Identifier
highlight default link flowParameterName Identifier
highlight default link flowColon Delimiter
highlight default link flowDelimiter Delimiter
highlight default link flowType Type
highlight default link flowSupportType Type
highlight default link flowArrow Operator
highlight default link flowOperator Operator
highlight default link flowBacktickName Identifier
highlight default link flowNumber Number
highlight default link flowString String
highlight default link flowEscape SpecialChar
highlight default link flowBadEscape Error
highlight default link flowPlaceholder Special
highlight default link flowWildcard Special
highlight default link flowComment Comment
highlight default link flowDocComment SpecialComment
highlight default link flowIgnore Comment
highlight default link flowIgnoreWord PreProc
highlight default link flowIgnoreReason Comment
highlight default link flowRuleId Constant
highlight default link flowBlockComment Comment
highlight default link flowTodo Todo

let b:current_syntax = 'flow'

let &cpo = s:cpo_save
unlet s:cpo_save
