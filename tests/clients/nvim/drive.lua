-- Drives a headless Neovim the way a person would, against the Lore server started by the init
-- under test (loaded with --cmd, before that init): waits for the server, searches memory with
-- :LoreSearch, reads the code-lens virtual text, opens hovers with K, runs a lens with its keymap.
-- Everything it saw goes to the JSON file named by $LORE_NVIM_RESULT; any error ends Neovim with
-- exit code 1 (an uncaught error would leave a headless Neovim waiting forever).

local result = { version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor), statuses = {} }
local expect = vim.json.decode(os.getenv('LORE_NVIM_EXPECT') or '{}')
local WAIT_MS = tonumber(os.getenv('LORE_NVIM_WAIT_MS') or '20000')

local function write_result()
  local file = assert(io.open(assert(os.getenv('LORE_NVIM_RESULT'), 'LORE_NVIM_RESULT is not set'), 'w'))
  file:write(vim.json.encode(result))
  file:close()
end

vim.lsp.handlers['lore/status'] = function(_, params)
  table.insert(result.statuses, params)
end

local function wait_for(what, condition)
  if not vim.wait(WAIT_MS, condition, 50) then
    error('timed out waiting for ' .. what, 2)
  end
end

local function lore_client(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = 'lore', bufnr = bufnr })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'lore' then
      return client
    end
  end
end

local function floating_windows()
  local found = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      table.insert(found, win)
    end
  end
  return found
end

local function close_floats()
  for _, win in ipairs(floating_windows()) do
    vim.api.nvim_win_close(win, true)
  end
end

local function float_lines()
  local wins = floating_windows()
  if #wins == 0 then
    return nil
  end
  return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(wins[#wins]), 0, -1, false)
end

-- Code-lens virtual text as a person sees it: one entry per line, chunks joined.
local function lens_lines(bufnr)
  local lines = {}
  for name, ns in pairs(vim.api.nvim_get_namespaces()) do
    if name:find('codelens', 1, true) then
      for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, ns, 0, -1, { details = true })) do
        local text = {}
        for _, chunk in ipairs(mark[4].virt_text or {}) do
          table.insert(text, chunk[1])
        end
        if #text > 0 then
          table.insert(lines, { line = mark[2], text = table.concat(text) })
        end
      end
    end
  end
  table.sort(lines, function(a, b) return a.line < b.line end)
  return lines
end

local function lenses_settled(bufnr)
  local lines = lens_lines(bufnr)
  for _, item in ipairs(lines) do
    if item.text:find('Unresolved', 1, true) then
      return false
    end
  end
  return #lines >= (expect.lenses or 1)
end

local function hover_at(row, col)
  close_floats()
  vim.api.nvim_win_set_cursor(0, { row, col })
  vim.api.nvim_feedkeys('K', 'x', false)
  wait_for('the hover float at ' .. row .. ':' .. col, function() return float_lines() ~= nil end)
  local lines = float_lines()
  close_floats()
  return lines
end

-- Change a setting at run time as docs/neovim.md says; the hover that follows the change.
local function hover_with_max_items(bufnr, at, max_items)
  local client = lore_client(bufnr)
  client.config.settings.lore.hover.maxItems = max_items
  local params = { settings = client.config.settings }
  if vim.fn.has('nvim-0.11') == 1 then
    client:notify('workspace/didChangeConfiguration', params)
  else
    client.notify('workspace/didChangeConfiguration', params)
  end
  local deadline = vim.loop.now() + WAIT_MS
  local lines
  repeat
    lines = hover_at(at[1], at[2])
    if #vim.tbl_filter(function(line) return line:find('^[^%*]+ %*%*%a+%*%* · ') ~= nil end, lines) == max_items then
      return lines
    end
    vim.wait(100)
  until vim.loop.now() > deadline
  error('hovers kept more than ' .. max_items .. ' memories after the settings change: ' .. table.concat(lines, ' | '))
end

local function ready()
  for _, status in ipairs(result.statuses) do
    if status.state == 'ready' or status.state == 'wordsOnly' then
      return true
    end
  end
  return false
end

local function run()
  local code_win = vim.api.nvim_get_current_win()
  local code_buf = vim.api.nvim_get_current_buf()
  result.file = vim.api.nvim_buf_get_name(code_buf)
  wait_for('the lore client to attach', function()
    local client = lore_client(code_buf)
    return client ~= nil and client.server_capabilities ~= nil and client.server_capabilities.hoverProvider ~= nil
  end)
  result.root = lore_client(code_buf).config.root_dir
  wait_for('lore/status "ready"', ready)

  vim.cmd('LoreSearch ' .. expect.search)
  wait_for(':LoreSearch results', function() return #vim.fn.getqflist() > 0 end)
  result.quickfix = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(result.quickfix, { file = vim.api.nvim_buf_get_name(item.bufnr), lnum = item.lnum, text = item.text })
  end
  result.quickfix_open = vim.fn.getqflist({ winid = 0 }).winid ~= 0
  vim.cmd('cclose')
  vim.api.nvim_set_current_win(code_win)

  local symbols = vim.lsp.buf_request_sync(code_buf, 'workspace/symbol', { query = expect.search }, WAIT_MS)
  result.symbols = {}
  for _, response in pairs(symbols or {}) do
    for _, symbol in ipairs(response.result or {}) do
      table.insert(result.symbols, { name = symbol.name, uri = symbol.location.uri })
    end
  end

  vim.lsp.codelens.refresh()
  wait_for('resolved code lenses', function() return lenses_settled(code_buf) end)
  result.lenses = lens_lines(code_buf)

  result.hovers = {}
  for _, at in ipairs(expect.hovers) do
    table.insert(result.hovers, { at = at, lines = hover_at(at[1], at[2]) })
  end

  result.hover_after_settings = hover_with_max_items(code_buf, expect.hovers[1], 1)

  vim.api.nvim_win_set_cursor(code_win, expect.lens_at)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<leader>ml', true, false, true), 'x', false)
  wait_for('the effect of running the lens', function()
    return vim.api.nvim_get_current_buf() ~= code_buf or float_lines() ~= nil
  end)
  result.after_lens = {
    file = vim.api.nvim_buf_get_name(0),
    cursor = vim.api.nvim_win_get_cursor(0),
    float = float_lines(),
  }
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(function()
      local ok, err = xpcall(run, debug.traceback)
      if not ok then
        result.error = err
      end
      local written, write_err = pcall(write_result)
      if not written then
        io.stderr:write('could not write the result: ' .. tostring(write_err) .. '\n')
      end
      vim.cmd(ok and written and 'qall!' or 'cquit')
    end)
  end,
})
