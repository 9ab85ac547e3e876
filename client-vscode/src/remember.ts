/**
 * "Lore: Remember Decision…" / "Lore: Remember Convention…": title and body input boxes, the
 * selection (or the symbol at the cursor, resolved by the server) as anchor, a scope pick, then
 * `lore.remember`.
 */

import * as vscode from 'vscode';
import { buildRememberArgs } from './args';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import { memoryUri } from './memoryDocument';
import type { Range, RememberResult, Scope } from './protocol';

interface ScopeItem extends vscode.QuickPickItem {
  scope: Scope;
}

const SCOPES: ScopeItem[] = [
  { label: '$(organization) Team', description: 'shared: written to .lore/memories/ in the repository', scope: 'team' },
  { label: '$(folder) Workspace', description: 'private to this checkout', scope: 'workspace' },
  { label: '$(account) User', description: 'private, in every repository', scope: 'user' },
];

function toRange(selection: vscode.Selection): Range {
  return {
    start: { line: selection.start.line, character: selection.start.character },
    end: { line: selection.end.line, character: selection.end.character },
  };
}

async function askTitleAndBody(kind: string, anchored: string): Promise<{ title: string; body: string } | undefined> {
  const title = await vscode.window.showInputBox({
    title: `Remember ${kind} (1/3)${anchored}`,
    prompt: `Title: the ${kind} in one line`,
    placeHolder: kind === 'decision' ? 'Use the Repository pattern for data access' : 'Tests use pytest fixtures, not setUp',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'A title is needed.'),
  });
  if (title === undefined) {
    return undefined;
  }
  const body = await vscode.window.showInputBox({
    title: `Remember ${kind} (2/3)${anchored}`,
    prompt: 'Details and why (optional)',
    ignoreFocusOut: true,
  });
  return body === undefined ? undefined : { title, body };
}

async function askScope(kind: string): Promise<Scope | undefined> {
  const picked = await vscode.window.showQuickPick(SCOPES, {
    title: `Remember ${kind} (3/3): who should see it?`,
    ignoreFocusOut: true,
  });
  return picked?.scope;
}

/** Ask for a memory of `kind` and store it through the server. */
export async function rememberFromEditor(client: LoreClient, kind: 'decision' | 'convention'): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const document = editor?.document.uri.scheme === 'file' ? editor.document : undefined;
  const anchored = document ? ` · ${vscode.workspace.asRelativePath(document.uri)}` : '';
  const text = await askTitleAndBody(kind, anchored);
  if (!text) {
    return;
  }
  const scope = await askScope(kind);
  if (!scope) {
    return;
  }
  const args = buildRememberArgs({
    kind,
    title: text.title,
    body: text.body,
    scope,
    uri: document?.uri.toString(),
    range: document && editor ? toRange(editor.selection) : undefined,
  });
  try {
    const result = await client.execute<RememberResult>(ServerCommand.remember, args);
    const redacted = result.redacted.length > 0 ? ` Redacted before storing: ${result.redacted.join(', ')}.` : '';
    const choice = await vscode.window.showInformationMessage(
      `Lore remembered the ${kind} “${result.memory.title}” (${result.memory.scope}).${redacted}`,
      'Show',
    );
    if (choice === 'Show') {
      await vscode.window.showTextDocument(memoryUri(result.memory.id, result.memory.title), { preview: true });
    }
  } catch (error) {
    void vscode.window.showErrorMessage(`Lore could not remember this: ${error instanceof Error ? error.message : String(error)}`);
  }
}
