// Starts orbat-lsp for the *.ron files of the workspace. Nothing else: every feature is the
// server's. Install: see docs/editors.md.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("orbat").get("serverPath") || "orbat-lsp";
  client = new LanguageClient(
    "orbat",
    "Orbat",
    { command, args: ["--stdio"] },
    {
      documentSelector: [{ scheme: "file", pattern: "**/*.ron" }],
      // files changed outside the editor (git checkout, orbat-validate --fix) are checked again
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.ron") },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
