-- Neovim, headless, driving `flowgraph lsp` through the real editors/nvim configuration:
--
--   FLOWGRAPH=.build/debug/flowgraph nvim --headless -u NONE -i NONE -n -c 'luafile Tests/Editors/nvim-lsp-test.lua'
--
-- It writes a workspace folder of two files (with a .git folder, its root), opens one, waits for
-- the findings, asks for hover, definition, references and a rename through buf_request_sync,
-- applies the rename, saves, and checks both files on disk; then a refused rename, the findings
-- after an edit, and formatting a carelessly laid out line. It prints "nvim lsp test: every check held" and exits 0, or exits 1 at the first
-- failure (FlowGraphLanguageServerTests.NeovimTests runs it from `swift test`).
local script = debug.getinfo(1, 'S').source:sub(2)
local repo = vim.fn.fnamemodify(script, ':p:h:h:h')
local flowgraph = os.getenv('FLOWGRAPH') or (repo .. '/.build/debug/flowgraph')
-- Long enough for a debug build on a busy machine; a wait ends as soon as its condition holds.
local patience = 20000

local function fail(message)
  io.stderr:write('nvim lsp test: FAILED: ' .. message .. '\n')
  vim.cmd('cquit! 1')
end

local function check(condition, message)
  if not condition then
    error(message, 2)
  end
end

local function write(path, text)
  local file = assert(io.open(path, 'w'))
  file:write(text)
  file:close()
end

local function read(path)
  local file = assert(io.open(path, 'r'))
  local text = file:read('*a')
  file:close()
  return text
end

local app = [[
/// The app's one stack.
flow App {
    start Home

    guard isSignedIn

    step Home {
        on detailTapped(item: ItemID) -> push Detail if isSignedIn else sheet Login
        on settingsTapped -> sheet Settings
    }

    /// One item.
    step Detail(item: ItemID)

    step Login runs LoginFlow {
        on loggedIn -> dismiss
    }

    step Settings runs SettingsFlow {
        on done -> dismiss
    }
}
]]

local login = [[
flow LoginFlow {
    start Credentials

    step Credentials {
        on submitted -> exit loggedIn
        on cancelTapped -> exit cancelled
    }

    exit loggedIn
    exit cancelled
}

flow SettingsFlow {
    start Options

    step Options {
        on doneTapped -> exit done
    }

    exit done
}
]]

--- The (1-based line, 0-based byte column) of the first `needle` in the buffer, plus `shift`.
local function find(bufnr, needle, shift)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local column = line:find(needle, 1, true)
    if column then
      return { number, column - 1 + (shift or 1) }
    end
  end
  error('no ' .. needle .. ' in the buffer')
end

--- The result (or error) of one request at `needle`, from the flowgraph client.
local function request(bufnr, method, needle, extra)
  vim.api.nvim_win_set_cursor(0, find(bufnr, needle))
  local params = vim.lsp.util.make_position_params()
  for key, value in pairs(extra or {}) do
    params[key] = value
  end
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, patience)
  check(responses ~= nil, method .. ': no response')
  for _, response in pairs(responses) do
    return response.result, response.err or response.error
  end
  error(method .. ': an empty response')
end

local function main()
  local root = vim.fn.tempname()
  vim.fn.mkdir(root .. '/.git', 'p')
  write(root .. '/a.flow', app)
  write(root .. '/b.flow', login)

  vim.opt.runtimepath:prepend(repo .. '/editors/nvim')
  vim.cmd('filetype on')
  require('flowgraph').setup({ cmd = { flowgraph, 'lsp', '--stdio' } })
  check(require('flowgraph').root_dir(root .. '/a.flow') == root, 'the root is the folder with .git')
  vim.fn.mkdir(root .. '/sub/deeper', 'p')
  check(require('flowgraph').root_dir(root .. '/sub/deeper/c.flow') == root, 'the root of a nested file is the folder with .git')
  check(require('flowgraph').root_dir('/no-such-folder/x.flow') == '/no-such-folder', 'without .git, the file\'s folder')

  vim.cmd('edit ' .. root .. '/a.flow')
  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.bo[bufnr].filetype == 'flow', 'filetype flow, found ' .. vim.bo[bufnr].filetype)

  -- Findings of the whole folder: Login does not handle LoginFlow's exit `cancelled` (in b.flow).
  check(vim.wait(patience, function() return #vim.diagnostic.get(bufnr) > 0 end, 20), 'no diagnostics')
  local diagnostics = vim.diagnostic.get(bufnr)
  check(#diagnostics == 1, 'one finding, found ' .. #diagnostics)
  check(diagnostics[1].message:find("does not handle its exit 'cancelled'", 1, true), diagnostics[1].message)
  check(diagnostics[1].lnum == 14, 'the finding is on line 15, found ' .. diagnostics[1].lnum + 1)

  local hover = request(bufnr, 'textDocument/hover', 'Detail(item')
  check(hover and hover.contents.value:find('step Detail(item: ItemID)', 1, true), 'hover: ' .. vim.inspect(hover))
  check(hover.contents.value:find('Shortest path', 1, true), 'hover has no path')

  local definition = request(bufnr, 'textDocument/definition', 'LoginFlow {')
  check(definition and #definition == 1 and definition[1].uri:match('/b%.flow$'), 'definition: ' .. vim.inspect(definition))

  local references = request(bufnr, 'textDocument/references', 'loggedIn', { context = { includeDeclaration = true } })
  check(references and #references == 3, 'references of loggedIn: ' .. vim.inspect(references))

  local refused, err = request(bufnr, 'textDocument/rename', 'Detail(item', { newName = 'Home' })
  check(refused == nil and err and err.message:find('already has that name', 1, true), 'a colliding rename was not refused')

  local edit = request(bufnr, 'textDocument/rename', 'LoginFlow {', { newName = 'SignInFlow' })
  check(edit and edit.changes, 'rename: ' .. vim.inspect(edit))
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  vim.cmd('silent wall')
  check(read(root .. '/a.flow'):find('step Login runs SignInFlow {', 1, true), 'a.flow was not renamed')
  check(read(root .. '/b.flow'):find('flow SignInFlow {', 1, true), 'b.flow was not renamed')

  -- An edit in the buffer: the findings follow it (an unknown name, with its suggestion).
  vim.api.nvim_set_current_buf(bufnr)
  local line = find(bufnr, 'push Detail')[1]
  local text = vim.api.nvim_buf_get_lines(bufnr, line - 1, line, false)[1]
  vim.api.nvim_buf_set_lines(bufnr, line - 1, line, false, { (text:gsub('push Detail', 'push Detial')) })
  check(vim.wait(patience, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
      if diagnostic.message:find("no step named 'Detial'", 1, true) then return true end
    end
    return false
  end, 20), 'no finding after the edit: ' .. vim.inspect(vim.diagnostic.get(bufnr)))

  -- Formatting (flowgraph fmt): a carelessly laid out line is put back, the others are left alone.
  vim.api.nvim_buf_set_lines(bufnr, line - 1, line, false, { (text:gsub('%s+on detailTapped%(item: ItemID%) %-> ', '  on detailTapped( item :ItemID )->')) })
  local careless = vim.api.nvim_buf_get_lines(bufnr, line - 1, line, false)[1]
  check(careless ~= text, 'the careless line: ' .. careless)
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/formatting',
    { textDocument = vim.lsp.util.make_text_document_params(), options = { tabSize = 4, insertSpaces = true } }, patience)
  local edits
  for _, response in pairs(responses or {}) do edits = response.result end
  check(edits and #edits == 1, 'formatting: ' .. vim.inspect(responses))
  vim.lsp.util.apply_text_edits(edits, bufnr, 'utf-16')
  local formatted = vim.api.nvim_buf_get_lines(bufnr, line - 1, line, false)[1]
  check(formatted == text, 'formatted: ' .. formatted .. ', expected ' .. text)

  -- A journey that does not hold: its finding at its line, from the journeys run on the program.
  local count = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, count, count, false,
    { '', 'journey SignedOut {', '    given !isSignedIn', '    detailTapped(item: 1) -> Detail', '}' })
  check(vim.wait(patience, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
      if diagnostic.message:find("journey 'SignedOut' does not hold here: expected Detail", 1, true) then
        return diagnostic.lnum == count + 3
      end
    end
    return false
  end, 20), 'no journey finding: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
end

local ok, message = xpcall(main, debug.traceback)
for _, client in ipairs(vim.lsp.get_active_clients()) do
  client.stop()
end
if not ok then
  fail(message)
else
  io.stdout:write('nvim lsp test: every check held\n')
  vim.cmd('qall!')
end
