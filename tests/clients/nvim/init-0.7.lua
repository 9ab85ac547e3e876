-- Lore for Neovim 0.7 to 0.10: one client per project root, attached to each code buffer; diagnostics
-- where code breaks a decision's rule, with code actions (:lua vim.lsp.buf.code_action()).
local lore_clients = {}

local function lore_root(bufnr)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  for _, marker in ipairs({ '.git', '.lore' }) do
    local found = vim.fn.finddir(marker, dir .. ';')
    if found ~= '' then
      return vim.fn.fnamemodify(found, ':p:h:h')
    end
  end
  return dir
end

-- Neovim 0.7 cannot open a memory's source for the server (window/showDocument): float it instead.
local function lore_show(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local params = { command = command.command, arguments = command.arguments }
  client.request('workspace/executeCommand', params, function(err, result)
    if err then
      return vim.notify('Lore: ' .. err.message, vim.log.levels.ERROR)
    end
    vim.lsp.util.open_floating_preview(vim.split(result.markdown, '\n'), 'markdown', { border = 'rounded' })
  end, ctx.bufnr)
end

-- "Record an exception here…" asks why (the reason is kept in the decision's team file).
local function lore_record_exception(command, ctx)
  vim.ui.input({ prompt = 'Why does the decision not apply here? ' }, function(reason)
    if not reason or reason == '' then
      return
    end
    local client = vim.lsp.get_client_by_id(ctx.client_id)
    local args = vim.tbl_extend('force', command.arguments[1], { reason = reason })
    client.request('workspace/executeCommand', { command = command.command, arguments = { args } }, function(err)
      if err then
        vim.notify('Lore: ' .. err.message, vim.log.levels.ERROR)
      end
    end, ctx.bufnr)
  end)
end

local function lore_on_attach(client, bufnr)
  if client.server_capabilities.codeLensProvider then
    vim.api.nvim_buf_call(bufnr, vim.lsp.codelens.refresh)
    vim.api.nvim_create_autocmd({ 'BufEnter', 'CursorHold', 'InsertLeave' }, {
      buffer = bufnr,
      callback = function() vim.lsp.codelens.refresh() end,
    })
  end
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'Hover (memories from Lore)' })
  vim.keymap.set('n', '<leader>ml', vim.lsp.codelens.run, { buffer = bufnr, desc = 'Lore: run the code lens' })
  vim.keymap.set('n', '<leader>ms', function()
    local ok, telescope = pcall(require, 'telescope.builtin')
    if ok then telescope.lsp_dynamic_workspace_symbols() else vim.lsp.buf.workspace_symbol() end
  end, { buffer = bufnr, desc = 'Lore: search memories' })
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'python', 'javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'go', 'rust', 'java',
    'ruby', 'cs', 'php', 'kotlin', 'scala', 'swift', 'c', 'cpp' },
  callback = function(args)
    local root = lore_root(args.buf)
    local id = lore_clients[root]
    if not (id and vim.lsp.get_client_by_id(id)) then
      id = vim.lsp.start_client({
        name = 'lore',
        cmd = { 'lore', 'serve' },
        root_dir = root,
        init_options = { commandLinks = false },
        settings = {
          lore = {
            hover = { enabled = true, maxItems = 3 },
            codeLens = { enabled = true },
            relevanceThreshold = 0.5,
            notifications = 'errors',
          },
        },
        -- Neovim 0.7 is never asked for settings (workspace/configuration): send them once started.
        on_init = function(client)
          client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
        end,
        commands = { ['lore.show'] = lore_show, ['lore.recordException'] = lore_record_exception },
        on_attach = lore_on_attach,
      })
      lore_clients[root] = id
    end
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})

-- :LoreSearch {words}: matching memories in the quickfix list, each at its source line.
vim.api.nvim_create_user_command('LoreSearch', function(opts)
  local id = lore_clients[lore_root(0)] or select(2, next(lore_clients))
  local client = id and vim.lsp.get_client_by_id(id)
  if not client then
    return vim.notify('Lore is not running', vim.log.levels.WARN)
  end
  local params = { command = 'lore.search', arguments = { { query = opts.args } } }
  client.request('workspace/executeCommand', params, function(err, result)
    if err then
      return vim.notify('Lore: ' .. err.message, vim.log.levels.ERROR)
    end
    local items = {}
    for _, hit in ipairs(result.hits) do
      local source = hit.source or {}
      table.insert(items, {
        filename = source.uri and vim.uri_to_fname(source.uri) or nil,
        lnum = (hit.section and hit.section.line) or source.line or 1,
        text = hit.kind .. ': ' .. hit.title,
      })
    end
    vim.fn.setqflist({}, ' ', { title = 'Lore: ' .. opts.args, items = items })
    vim.cmd('copen')
  end, 0)
end, { nargs = '+', desc = 'Search project memory' })
