/** "Lore: Forget Memory…": pick a memory, forget it (or delete it for good), with an undo. */

import * as vscode from 'vscode';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import type { ForgetResult } from './protocol';
import { forgotMessage, restoredMessage } from './actionText';
import { pickMemory } from './search';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The "Lore: Forget Memory…" command. */
export async function forgetMemory(client: LoreClient): Promise<void> {
  const hit = await pickMemory(client, 'Search the memory to forget');
  if (!hit) {
    return;
  }
  const choice = await vscode.window.showWarningMessage(
    `Forget “${hit.title}”?`,
    { modal: true, detail: 'A forgotten memory stops surfacing and can be restored. Deleting it removes it for good.' },
    'Forget',
    'Delete Permanently',
  );
  if (!choice) {
    return;
  }
  const purge = choice === 'Delete Permanently';
  try {
    await client.execute<ForgetResult>(ServerCommand.forget, { id: hit.id, purge });
  } catch (error) {
    void vscode.window.showErrorMessage(`Lore could not forget “${hit.title}”: ${message(error)}`);
    return;
  }
  if (purge) {
    void vscode.window.showInformationMessage(`Lore deleted “${hit.title}”.`);
    return;
  }
  const undo = await vscode.window.showInformationMessage(forgotMessage(hit.title), 'Undo');
  if (undo === 'Undo') {
    try {
      await client.execute<ForgetResult>(ServerCommand.restore, { id: hit.id });
      void vscode.window.showInformationMessage(restoredMessage(hit.title));
    } catch (error) {
      void vscode.window.showErrorMessage(`Lore could not restore “${hit.title}”: ${message(error)}`);
    }
  }
}
