-- Lore for Neovim 0.11+: memories in hovers, code lenses and workspace symbols; diagnostics where
-- code breaks a decision's rule, with code actions (<leader>ca or gra) to fix it or record an exception.

-- Running a code lens shows its memories rendered in a floating window (not the raw source file).
local function lore_show(command, ctx)
  local client = assert(vim.lsp.get_client_by_id(ctx.client_id))
  local args = vim.tbl_extend('force', command.arguments[1], { open = false })
  local params = { command = 'lore.show', arguments = { args } }
  client:request('workspace/executeCommand', params, function(err, result)
    if err then
      return vim.notify('Lore: ' .. err.message, vim.log.levels.ERROR)
    end
    vim.lsp.util.open_floating_preview(vim.split(result.markdown, '\n'), 'markdown', { border = 'rounded' })
  end, ctx.bufnr)
end

vim.lsp.config('lore', {
  cmd = { 'lore', 'serve' },
  filetypes = { 'python', 'javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'go', 'rust', 'java',
    'ruby', 'cs', 'php', 'kotlin', 'scala', 'swift', 'c', 'cpp' },
  root_markers = { '.git', '.lore' },
  -- Neovim does not run `command:` links in hovers: ask for plain links.
  init_options = { commandLinks = false },
  commands = { ['lore.show'] = lore_show },
  settings = {
    lore = {
      hover = { enabled = true, maxItems = 3 },
      codeLens = { enabled = true },
      relevanceThreshold = 0.5,
      notifications = 'errors',
    },
  },
  on_attach = function(client, bufnr)
    if client.server_capabilities.codeLensProvider then
      vim.lsp.codelens.refresh({ bufnr = bufnr })
      vim.api.nvim_create_autocmd({ 'BufEnter', 'CursorHold', 'InsertLeave' }, {
        buffer = bufnr,
        callback = function() vim.lsp.codelens.refresh({ bufnr = bufnr }) end,
      })
    end
    vim.keymap.set('n', '<leader>ml', vim.lsp.codelens.run, { buffer = bufnr, desc = 'Lore: run the code lens' })
    vim.keymap.set('n', '<leader>ms', function()
      local ok, telescope = pcall(require, 'telescope.builtin')
      if ok then telescope.lsp_dynamic_workspace_symbols() else vim.lsp.buf.workspace_symbol() end
    end, { buffer = bufnr, desc = 'Lore: search memories' })
  end,
})
vim.lsp.enable('lore')

-- "Record an exception here…" asks why (the reason is kept in the decision's team file).
vim.lsp.commands['lore.recordException'] = function(command, ctx)
  vim.ui.input({ prompt = 'Why does the decision not apply here? ' }, function(reason)
    if not reason or reason == '' then
      return
    end
    local client = assert(vim.lsp.get_client_by_id(ctx.client_id))
    local args = vim.tbl_extend('force', command.arguments[1], { reason = reason })
    client:request('workspace/executeCommand', { command = command.command, arguments = { args } }, function(err)
      if err then
        vim.notify('Lore: ' .. err.message, vim.log.levels.ERROR)
      end
    end, ctx.bufnr)
  end)
end

-- :LoreSearch {words}: matching memories in the quickfix list, each at its source line.
vim.api.nvim_create_user_command('LoreSearch', function(opts)
  local client = vim.lsp.get_clients({ name = 'lore' })[1]
  if not client then
    return vim.notify('Lore is not running', vim.log.levels.WARN)
  end
  local command = { title = 'Lore search', command = 'lore.search', arguments = { { query = opts.args } } }
  client:exec_cmd(command, { bufnr = 0 }, function(err, result)
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
  end)
end, { nargs = '+', desc = 'Search project memory' })
