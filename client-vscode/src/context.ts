/** "Lore: Show Context for This File" (the `lore.context` pack for the active file) and "Lore: Review
 * Contradictions and Duplicates" (`lore.guidance`), as markdown previews. */

import * as vscode from 'vscode';
import { contextUri, MemoryDocumentProvider, reviewUri } from './memoryDocument';

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

/** "Lore: Review Contradictions and Duplicates": the guidance review as a markdown preview. */
export async function reviewGuidance(provider: MemoryDocumentProvider): Promise<void> {
  const uri = reviewUri();
  provider.refresh(uri);
  await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
}
