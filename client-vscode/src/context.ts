/** "Lore: Show Context for This File": the `lore.context` pack for the active file, as a markdown preview. */

import * as vscode from 'vscode';
import { contextUri, MemoryDocumentProvider } from './memoryDocument';

/** The "Lore: Show Context for This File" command. */
export async function showContext(provider: MemoryDocumentProvider): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    void vscode.window.showInformationMessage('Lore: open a file first; its context is shown for it.');
    return;
  }
  const uri = contextUri(editor.document.uri);
  provider.refresh(uri);
  await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
}
