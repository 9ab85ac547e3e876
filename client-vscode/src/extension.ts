/** Extension entry point: wires the client, status bar, commands and feedback capture together. */

import * as vscode from 'vscode';
import { LoreClient } from './client';
import { registerCommandRoutes } from './commandMiddleware';
import { ManagedEnvironment } from './managedEnv';
import { ClientCommand, CONFIG_SECTION, EXTENSION_NAME, MEMORY_SCHEME, RESTART_SETTINGS } from './constants';
import { reviewGuidance, showContext } from './context';
import { FeedbackCapture } from './feedback';
import { forgetMemory } from './forget';
import { MemoryDocumentProvider } from './memoryDocument';
import { reviewPreferences } from './preferences';
import { reviewProposals } from './proposals';
import { onInterpreterChange } from './python';
import { rememberFromEditor } from './remember';
import { reindexWorkspace, searchMemory } from './search';
import { needsRestart } from './settings';
import { recover, StatusItem } from './status';

let client: LoreClient | undefined;

function registerCommands(context: vscode.ExtensionContext, lore: LoreClient, output: vscode.LogOutputChannel, documents: MemoryDocumentProvider): void {
  const commands: Record<string, () => unknown> = {
    [ClientCommand.searchMemory]: () => searchMemory(lore),
    [ClientCommand.rememberDecision]: () => rememberFromEditor(lore, 'decision'),
    [ClientCommand.rememberConvention]: () => rememberFromEditor(lore, 'convention'),
    [ClientCommand.forgetMemory]: () => forgetMemory(lore),
    [ClientCommand.showContext]: () => showContext(documents),
    [ClientCommand.reviewGuidance]: () => reviewGuidance(documents),
    [ClientCommand.reviewPreferences]: () => reviewPreferences(lore),
    [ClientCommand.reviewProposals]: () => reviewProposals(lore),
    [ClientCommand.restartServer]: () => lore.restart(),
    [ClientCommand.reindexWorkspace]: () => reindexWorkspace(lore),
    [ClientCommand.showOutput]: () => output.show(true),
    [ClientCommand.recover]: () => recover(() => lore.restart(), () => output.show(true)),
  };
  for (const [id, handler] of Object.entries(commands)) {
    context.subscriptions.push(vscode.commands.registerCommand(id, handler));
  }
}

function watchForRestart(context: vscode.ExtensionContext, lore: LoreClient): void {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (needsRestart((section) => event.affectsConfiguration(section), RESTART_SETTINGS)) {
        void lore.restart();
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void lore.restart()),
  );
  void onInterpreterChange(() => {
    const configured = vscode.workspace.getConfiguration(CONFIG_SECTION).get<string[]>('server.command', []);
    if (configured.length === 0) {
      void lore.restart();
    }
  }).then((disposable) => disposable && context.subscriptions.push(disposable));
}

/** Start the server and register everything the extension contributes. */
export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel(EXTENSION_NAME, { log: true });
  const lore = new LoreClient(output, new ManagedEnvironment(context.globalStorageUri, output));
  client = lore;
  const status = new StatusItem();
  const documents = new MemoryDocumentProvider(lore);
  context.subscriptions.push(
    output,
    lore,
    status,
    documents,
    lore.onDidChangeStatus((next) => status.update(next)),
    vscode.workspace.registerTextDocumentContentProvider(MEMORY_SCHEME, documents),
    new FeedbackCapture(lore, output),
    ...registerCommandRoutes(lore),
  );
  registerCommands(context, lore, output, documents);
  watchForRestart(context, lore);
  void lore.start();
}

/** Stop the server; VS Code waits for the returned promise. */
export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
