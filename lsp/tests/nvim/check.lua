-- Run by lsp/tests/neovim.rs in headless Neovim (0.7 or later): loads the configuration users
-- are given (editors/neovim/orbat.lua, with ORBAT_LSP naming the built server), opens the file
-- given, waits for the server's diagnostics and checks them, then asks for a definition.
-- Exits 0 when every check holds; otherwise writes why to ORBAT_OUT and exits 1.
local file = os.getenv("ORBAT_FILE")
local out = io.open(os.getenv("ORBAT_OUT"), "w")
local want_line = tonumber(os.getenv("ORBAT_LINE")) -- 0-based line of the broken link end

local function finish(ok, why)
  out:write(why .. "\n")
  out:close()
  if ok then vim.cmd("qa!") else vim.cmd("cquit 1") end
end

vim.cmd("luafile " .. os.getenv("ORBAT_CONFIG"))
vim.cmd("edit " .. file)
local attached = vim.wait(10000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 50)
if not attached then finish(false, "orbat-lsp did not attach") return end

local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
if not got then finish(false, "no diagnostics within 30 s") return end
local d = vim.diagnostic.get(0)[1]
local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
out:write(string.format("diagnostic %s line %d col %d: %s\n", code, d.lnum, d.col, d.message))
if code ~= "R002" then finish(false, "expected R002, got " .. tostring(code)) return end
if d.lnum ~= want_line then finish(false, "expected line " .. want_line .. ", got " .. d.lnum) return end
if d.severity ~= vim.diagnostic.severity.ERROR then finish(false, "expected an error") return end

-- go to definition from the other end of the same link (`b:`), which names a real space
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = want_line, character = d.col + 1 } }
local line = vim.api.nvim_buf_get_lines(0, want_line, want_line + 1, false)[1]
local b = line:find('b: "', 1, true)
params.position.character = b + 3
local replies = vim.lsp.buf_request_sync(0, "textDocument/definition", params, 10000)
local found
for _, r in pairs(replies or {}) do
  if r.result then found = r.result.range or (r.result[1] and r.result[1].range) end
end
if not found then finish(false, "no definition for the link's other end") return end
out:write(string.format("definition at line %d\n", found.start.line))
finish(true, "ok")
