-- FlowGraph's language server in Neovim: `flowgraph lsp` for every buffer of filetype `flow`.
--
--   vim.opt.runtimepath:append('/path/to/flowgraph/editors/nvim')
--   require('flowgraph').setup({ cmd = { 'flowgraph', 'lsp' } })
--
-- One server per workspace folder: the nearest folder above the file that holds `.git` (a folder,
-- or the file of a git worktree), else the file's own folder. The server reads every .flow file of
-- that folder as one program, so findings, references and renames cover all of them. Where one
-- repository holds several programs, name another marker first: `root_markers = { '.flowignore',
-- '.git' }` makes the nearest folder with a .flowignore the workspace.
--
-- Works with Neovim 0.7 (Debian 12) and later: `vim.lsp.start` (0.8) is used when it exists,
-- else `vim.lsp.start_client` and `vim.lsp.buf_attach_client`.
local M = {}

M.config = {
  cmd = { 'flowgraph', 'lsp' },
  -- The files or folders whose nearest holder is the workspace folder, in order of preference.
  root_markers = { '.git' },
}

-- The server's client id for each workspace folder (Neovim 0.7 only: 0.8's vim.lsp.start reuses
-- a client by itself).
local clients = {}

--- The workspace folder of a file: the nearest folder above it that holds the first of
--- `root_markers` found (by default `.git`), else its own folder.
function M.root_dir(path)
  local folder = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(M.config.root_markers) do
    local current = folder
    while current and current ~= '' do
      if vim.loop.fs_stat(current .. '/' .. marker) then
        return current
      end
      local parent = vim.fn.fnamemodify(current, ':h')
      if parent == current then
        break
      end
      current = parent
    end
  end
  return folder
end

--- Starts the server for the buffer's workspace folder if it is not running, and attaches it.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  local root = M.root_dir(path)
  local config = {
    name = 'flowgraph',
    cmd = M.config.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
    return
  end
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

--- Sets the command and starts the server for `flow` buffers, those open already included.
function M.setup(options)
  M.config = vim.tbl_deep_extend('force', M.config, options or {})
  local group = vim.api.nvim_create_augroup('flowgraph', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'flow',
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].filetype == 'flow' then
      M.attach(bufnr)
    end
  end
end

return M
