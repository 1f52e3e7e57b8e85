-- Orbat's language server in Neovim (0.7 or later; no plugin needed).
-- Use: put `orbat-lsp` on your PATH (`cargo install --path lsp` from the Orbat repository),
-- then `:luafile /path/to/orbat.lua`, or `dofile("/path/to/orbat.lua")` in your init.lua.
-- Every *.ron file you open is served; the workspace root is the folder above its game
-- folder, so that workspace symbols search every game beside it.
local cmd = { vim.env.ORBAT_LSP or "orbat-lsp" }

local function root_of(file)
  return vim.fn.fnamemodify(vim.fn.fnamemodify(file, ":p:h"), ":h")
end

vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  pattern = "*.ron",
  callback = function(args)
    local config = { name = "orbat", cmd = cmd, root_dir = root_of(args.file) }
    if vim.lsp.start then
      vim.lsp.start(config, { bufnr = args.buf }) -- Neovim 0.8 and later
    else
      _G.orbat_lsp_client = _G.orbat_lsp_client or vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, _G.orbat_lsp_client)
    end
    -- completion with <C-x><C-o> when no completion plugin is installed
    vim.api.nvim_buf_set_option(args.buf, "omnifunc", "v:lua.vim.lsp.omnifunc")
  end,
})
