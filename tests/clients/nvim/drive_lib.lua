-- What every headless-Neovim driver of Lore shares (drive.lua, drive_checks.lua and
-- bench/walkthrough/walk.lua load it with dofile): waiting on a condition, finding the Lore client,
-- reading floats and code-lens virtual text as a person sees them, the `lore/status` record, and the
-- VimEnter runner that writes what was seen as JSON and ends Neovim (exit code 1 on any error: an
-- uncaught error would leave a headless Neovim waiting forever). It runs on Neovim 0.7 and later.

local M = {}

-- Wait up to `ms` for `condition`; on a timeout, an error naming `what` (and `describe()`, if given).
function M.wait_for(what, condition, ms, describe)
  if not vim.wait(ms, condition, 50) then
    error('timed out waiting for ' .. what .. (describe and ('; ' .. describe()) or ''), 2)
  end
end

-- The Lore client attached to a buffer (vim.lsp.get_clients from 0.10, buf_get_clients before).
function M.lore_client(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = 'lore', bufnr = bufnr })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'lore' then
      return client
    end
  end
end

-- Whether the Lore client is attached to the buffer and has answered `initialize`.
function M.attached(bufnr)
  local client = M.lore_client(bufnr)
  return client ~= nil and client.server_capabilities ~= nil and client.server_capabilities.hoverProvider ~= nil
end

function M.floating_windows()
  local found = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      table.insert(found, win)
    end
  end
  return found
end

function M.close_floats()
  for _, win in ipairs(M.floating_windows()) do
    vim.api.nvim_win_close(win, true)
  end
end

-- The lines of the newest floating window (a hover, a lens's answer), nil when none is open.
function M.float_lines()
  local wins = M.floating_windows()
  if #wins == 0 then
    return nil
  end
  return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(wins[#wins]), 0, -1, false)
end

-- Code-lens virtual text as a person sees it: one entry per line (0-based), chunks joined.
function M.lens_lines(bufnr)
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

-- Whether at least `expected` lenses show and none of them is still unresolved.
function M.lenses_settled(bufnr, expected)
  local lines = M.lens_lines(bufnr)
  for _, item in ipairs(lines) do
    if item.text:find('Unresolved', 1, true) then
      return false
    end
  end
  return #lines >= expected
end

-- Record every `lore/status` notification in `statuses`; returns a check for "ready" (or wordsOnly).
function M.record_statuses(statuses)
  vim.lsp.handlers['lore/status'] = function(_, params)
    table.insert(statuses, params)
  end
  return function()
    for _, status in ipairs(statuses) do
      if status.state == 'ready' or status.state == 'wordsOnly' then
        return true
      end
    end
    return false
  end
end

-- Once Neovim has started: run `run`, put any error in result.error, write `result` as JSON to the
-- file named by the environment variable `result_env`, then quit (exit code 1 on any failure).
function M.run_on_enter(run, result, result_env)
  local function write_result()
    local path = assert(os.getenv(result_env), result_env .. ' is not set')
    local file = assert(io.open(path, 'w'))
    file:write(vim.json.encode(result))
    file:close()
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
end

return M
