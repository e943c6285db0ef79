// The FlowGraph extension's client: it starts `flowgraph lsp` (the path from the setting
// flowgraph.path) and talks to it over stdin and stdout with vscode-languageclient.
//
// UNTESTED: npm is not reachable where this was written, so this file has never been loaded by
// VS Code. It is written against vscode-languageclient 9's documented API (the `/node` entry,
// `new LanguageClient(id, name, serverOptions, clientOptions)`, `start()` and `stop()` returning
// promises). See docs/Editors.md.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The server to run: no `transport` on purpose, since `TransportKind.stdio` makes the library
 *  append `--stdio` to the arguments, which `flowgraph lsp` does not take; without one the
 *  library talks to the process's stdin and stdout all the same. */
function serverOptions() {
    const command = vscode.workspace.getConfiguration('flowgraph').get('path') || 'flowgraph';
    const executable = { command, args: ['lsp'] };
    return { run: executable, debug: executable };
}

async function start() {
    client = new LanguageClient('flowgraph', 'FlowGraph', serverOptions(), {
        documentSelector: [{ scheme: 'file', language: 'flow' }],
        synchronize: {
            // A .flowignore decides which files are read: the server hears when one changes.
            fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.flow,.flowignore}'),
        },
    });
    try {
        await client.start();
    } catch (error) {
        const path = vscode.workspace.getConfiguration('flowgraph').get('path');
        vscode.window.showErrorMessage(
            `FlowGraph: could not start '${path} lsp' (${error && error.message ? error.message : error}). ` +
            'Set flowgraph.path to the flowgraph executable.');
    }
}

async function stop() {
    const running = client;
    client = undefined;
    if (running) {
        await running.stop();
    }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
    context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
        if (event.affectsConfiguration('flowgraph.path')) {
            await stop();
            await start();
        }
    }));
    await start();
}

function deactivate() {
    return stop();
}

module.exports = { activate, deactivate };
