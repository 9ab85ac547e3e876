-- The editor walkthrough in a real headless Neovim, loaded with --cmd before the init under test
-- (tests/clients/nvim/init-0.11.lua, the snippet docs/neovim.md shows). For each file of the plan
-- ($LORE_WALK_PLAN, JSON: {files = {{file, hovers = {{row, col, name}}}}}) it opens the file as a
-- person would (:edit), waits until the server has computed the file's meaning matches, then records
-- what a person sees: the code-lens virtual text, the hover float (K) at each planned place, and the
-- float that running each lens (<leader>ml) shows. Everything goes to $LORE_WALK_RESULT as JSON; any
-- error ends Neovim with exit code 1.

local plan = vim.json.decode((assert(os.getenv('LORE_WALK_PLAN'), 'LORE_WALK_PLAN is not set')))
local WAIT_MS = tonumber(os.getenv('LORE_WALK_WAIT_MS') or '120000')
-- The first start after `lore import` embeds what the import left (history tasks): minutes.
local READY_MS = tonumber(os.getenv('LORE_WALK_READY_MS') or '1500000')
local result = { version = tostring(vim.version()), statuses = {}, files = {} }
-- The helpers the Neovim client tests use too (float and lens readers, waits, the runner).
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)')
local lib = dofile(here .. '../../tests/clients/nvim/drive_lib.lua')
local float_lines, close_floats, lens_lines = lib.float_lines, lib.close_floats, lib.lens_lines
local ready = lib.record_statuses(result.statuses)
local semantic = {}

-- The server logs "semantic matches for <path>: ..." once a file's hovers can use meaning matches.
local default_log = vim.lsp.handlers['window/logMessage']
vim.lsp.handlers['window/logMessage'] = function(err, params, ctx, config)
  local rel = params.message:match('semantic matches for ([^:]+):')
  if rel then
    semantic[rel] = true
  end
  return default_log(err, params, ctx, config)
end

local function wait_for(what, condition, ms)
  lib.wait_for(what, condition, ms or WAIT_MS)
end

-- How many lenses the server returns for the buffer (what the virtual text must come to show).
local function lens_count(bufnr)
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr) }
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeLens', params, WAIT_MS) or {}
  local lines = {}
  for _, answer in pairs(answers) do
    for _, lens in ipairs(answer.result or {}) do
      lines[lens.range.start.line] = true
    end
  end
  return vim.tbl_count(lines)
end

-- The hover a person gets with K: nil when the server has nothing there (no float opens).
local function hover_at(bufnr, row, col)
  close_floats()
  vim.api.nvim_win_set_cursor(0, { row, col })
  local params = vim.lsp.util.make_position_params(0, 'utf-16')
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, WAIT_MS) or {}
  local any = false
  for _, answer in pairs(answers) do
    any = any or (answer.result ~= nil and answer.result ~= vim.NIL)
  end
  if not any then
    return nil
  end
  vim.api.nvim_feedkeys('K', 'x', false)
  wait_for('the hover float at ' .. row .. ':' .. col, function() return float_lines() ~= nil end, 10000)
  local lines = float_lines()
  close_floats()
  return lines
end

-- Running the lens on `line` (0-based) with the keymap; a line with several lenses offers a choice,
-- answered with the first (recorded).
local function run_lens(code_win, code_buf, line)
  close_floats()
  local offered
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    for _, item in ipairs(items) do
      table.insert(offered, (opts.format_item or tostring)(item))
    end
    on_choice(items[1], 1)
  end
  vim.api.nvim_set_current_win(code_win)
  vim.api.nvim_win_set_cursor(code_win, { line + 1, 0 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<leader>ml', true, false, true), 'x', false)
  local shown = vim.wait(15000, function()
    return vim.api.nvim_get_current_buf() ~= code_buf or float_lines() ~= nil
  end, 50)
  vim.ui.select = select
  local after = { line = line, offered = offered, float = float_lines(), file = vim.api.nvim_buf_get_name(0), shown = shown }
  close_floats()
  if vim.api.nvim_get_current_buf() ~= code_buf then
    vim.api.nvim_set_current_buf(code_buf)
  end
  return after
end

local function visit(entry)
  vim.cmd.edit(vim.fn.fnameescape(entry.file))
  local code_buf = vim.api.nvim_get_current_buf()
  local code_win = vim.api.nvim_get_current_win()
  local seen = { file = entry.file, hovers = {}, lens_runs = {} }
  wait_for('the lore client to attach to ' .. entry.file, function() return lib.attached(code_buf) end)
  if not result.ready_after_ms then
    local started = vim.uv.now()
    wait_for('lore/status "ready"', ready, READY_MS)
    result.ready_after_ms = vim.uv.now() - started
  end
  seen.semantic = vim.wait(60000, function() return semantic[entry.file] == true end, 50)
  local expected = lens_count(code_buf)
  vim.lsp.codelens.refresh({ bufnr = code_buf })
  wait_for('resolved code lenses of ' .. entry.file, function() return lib.lenses_settled(code_buf, expected) end, 30000)
  seen.lenses = lens_lines(code_buf)
  for _, at in ipairs(entry.hovers) do
    table.insert(seen.hovers, { row = at[1], col = at[2], name = at[3], lines = hover_at(code_buf, at[1], at[2]) })
  end
  for _, lens in ipairs(seen.lenses) do
    table.insert(seen.lens_runs, run_lens(code_win, code_buf, lens.line))
  end
  -- Lenses the server added later (a staleness check) show once the editor asks again.
  vim.lsp.codelens.refresh({ bufnr = code_buf })
  vim.wait(3000)
  seen.lenses_after = lens_lines(code_buf)
  table.insert(result.files, seen)
end

local function run()
  for _, entry in ipairs(plan.files) do
    visit(entry)
  end
end

lib.run_on_enter(run, result, 'LORE_WALK_RESULT')
