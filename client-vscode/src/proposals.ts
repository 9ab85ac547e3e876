/** "Lore: Review Proposed Memories": memories agents wrote wait here until the person confirms or rejects them. */

import * as vscode from 'vscode';
import type { LoreClient } from './client';
import { memoryUri } from './memoryDocument';
import { reviewLoop, type ReviewUi } from './review';

function editorUi(): ReviewUi {
  return {
    pickProposal: (items) =>
      Promise.resolve(
        vscode.window.showQuickPick(items, {
          title: 'Memories proposed by agents',
          placeHolder: 'Pick one to confirm or reject',
          matchOnDescription: true,
          matchOnDetail: true,
        }),
      ),
    pickAction: (memory, actions) => Promise.resolve(vscode.window.showQuickPick(actions, { title: memory.title })),
    show: async (memory) => {
      await vscode.window.showTextDocument(memoryUri(memory.id, memory.title), { preview: true });
    },
    info: (message) => void vscode.window.showInformationMessage(message),
  };
}

/** The "Lore: Review Proposed Memories" command. */
export async function reviewProposals(client: LoreClient): Promise<void> {
  try {
    await reviewLoop(editorUi(), (command, args) => client.execute(command, args));
  } catch (error) {
    void vscode.window.showErrorMessage(`Lore proposals: ${error instanceof Error ? error.message : String(error)}`);
  }
}
