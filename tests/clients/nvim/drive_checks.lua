-- Drives a headless Neovim through a decision's rule, as a person would, against the Lore server the
-- init under test starts (loaded with --cmd, before that init): waits for Lore's diagnostics in
-- app/client.py, records an exception on the `print` line through the code-action menu (answering
-- the reason prompt), then applies the convention on the `import requests` line. What it saw goes
-- to $LORE_NVIM_RESULT; any error ends Neovim with exit code 1.

local lib = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'drive_lib.lua')
local result = { version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) }
local WAIT_MS = tonumber(os.getenv('LORE_NVIM_WAIT_MS') or '30000')

local function wait_for(what, condition)
  lib.wait_for(what, condition, WAIT_MS, function() return 'diagnostics: ' .. vim.inspect(vim.diagnostic.get(0)) end)
end

local function lore_diagnostics()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == 'lore' then
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(out, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message, code = code })
    end
  end
  table.sort(out, function(a, b) return a.lnum < b.lnum end)
  return out
end

local function has_code(code)
  for _, d in ipairs(lore_diagnostics()) do
    if d.code == code then
      return true
    end
  end
  return false
end

-- The code-action menu: pick the entry titled `want` (0.7 lists {client_id, action}, 0.8+ {action=...}).
local function choose(want)
  local offered = {}
  vim.ui.select = function(items, _, on_choice)
    local picked
    for i, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(offered, action.title)
      if not picked and action.title:find(want, 1, true) == 1 then
        picked = i
      end
    end
    on_choice(picked and items[picked] or nil, picked)
  end
  return offered
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  wait_for('Lore diagnostics', function() return #lore_diagnostics() >= 2 end)
  result.before = lore_diagnostics()

  vim.ui.input = function(opts, on_confirm)
    result.prompt = opts.prompt
    on_confirm('prints the report for the cron mail')
  end
  vim.api.nvim_win_set_cursor(0, { 7, 6 })
  result.offered = choose('Record an exception here')
  vim.lsp.buf.code_action()
  wait_for('the exception to be written and its diagnostic to go', function()
    return not has_code('noprint000001/no-print')
  end)
  result.after_exception = lore_diagnostics()

  vim.api.nvim_win_set_cursor(0, { 2, 9 })
  choose('Apply the convention')
  vim.lsp.buf.code_action()
  wait_for('the convention applied', function()
    return vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1] == 'import httpx'
  end)
  wait_for('the fixed violation to go', function() return not has_code('http000000001/no-requests') end)
  result.line2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
  result.after_fix = lore_diagnostics()
end

lib.run_on_enter(run, result, 'LORE_NVIM_RESULT')
