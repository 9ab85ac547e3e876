-- Drives a headless Neovim the way a person would, against the Lore server started by the init
-- under test (loaded with --cmd, before that init): waits for the server, searches memory with
-- :LoreSearch, reads the code-lens virtual text, opens hovers with K, runs a lens with its keymap and,
-- when asked (expect.anchor_at), anchors a record from the code-action menu.
-- Everything it saw goes to the JSON file named by $LORE_NVIM_RESULT; any error ends Neovim with
-- exit code 1 (an uncaught error would leave a headless Neovim waiting forever).

local lib = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'drive_lib.lua')
local result = { version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor), statuses = {} }
local expect = vim.json.decode(os.getenv('LORE_NVIM_EXPECT') or '{}')
local WAIT_MS = tonumber(os.getenv('LORE_NVIM_WAIT_MS') or '20000')
local ready = lib.record_statuses(result.statuses)
local float_lines, close_floats, lore_client, lens_lines = lib.float_lines, lib.close_floats, lib.lore_client, lib.lens_lines

local function wait_for(what, condition, describe)
  lib.wait_for(what, condition, WAIT_MS, describe)
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

-- Choose the first "Anchor “…”" code action at `at` as a person does (the code-action menu, here
-- vim.ui.select, answered with that entry); its title, once the server ran it.
local function anchor_from_code(code_buf, at)
  vim.api.nvim_win_set_cursor(0, at)
  local chosen, offered = nil, {}
  local select = vim.ui.select
  vim.ui.select = function(items, _, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2] -- 0.10+: { action, ctx }; 0.7: { client_id, action }
      table.insert(offered, action.title)
      if chosen == nil and action.title:find('^Anchor “') then
        chosen = action.title
        on_choice(item, i)
      end
    end
    if chosen == nil then
      on_choice(nil, nil)
    end
  end
  local ok, err = pcall(vim.lsp.buf.code_action)
  wait_for('the code-action menu', function() return #offered > 0 or not ok end)
  vim.ui.select = select
  if not ok or chosen == nil then
    error('no "Anchor …" action among ' .. vim.inspect(offered) .. ' ' .. tostring(err))
  end
  return chosen, offered
end

local function run()
  local code_win = vim.api.nvim_get_current_win()
  local code_buf = vim.api.nvim_get_current_buf()
  result.file = vim.api.nvim_buf_get_name(code_buf)
  wait_for('the lore client to attach', function() return lib.attached(code_buf) end)
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
  wait_for('resolved code lenses', function() return lib.lenses_settled(code_buf, expect.lenses or 1) end)
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

  if expect.anchor_at then
    close_floats()
    vim.api.nvim_set_current_win(code_win)
    vim.api.nvim_set_current_buf(code_buf)
    result.anchored, result.offered = anchor_from_code(code_buf, expect.anchor_at)
    local function shows_it()
      for _, lens in ipairs(lens_lines(code_buf)) do
        if lens.text:find(expect.anchor_lens, 1, true) then
          return true
        end
      end
      return false
    end
    wait_for('a lens showing "' .. expect.anchor_lens .. '" after anchoring', function()
      vim.lsp.codelens.refresh()
      vim.wait(200)
      return lib.lenses_settled(code_buf, 1) and shows_it()
    end, function() return vim.inspect(lens_lines(code_buf)) end)
    result.lenses_after_anchor = lens_lines(code_buf)
  end
end

lib.run_on_enter(run, result, 'LORE_NVIM_RESULT')
