/** "Lore: Review Learned Preferences": list preferences learned from edits; confirm or reject each. */

import * as vscode from 'vscode';
import { memoryDescription, memoryLabel } from './args';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import { memoryUri } from './memoryDocument';
import type { Memory, PreferencesResult } from './protocol';

interface PreferenceItem extends vscode.QuickPickItem {
  memory: Memory;
}

interface ActionItem extends vscode.QuickPickItem {
  action: 'confirm' | 'reject' | 'show';
}

const ACTIONS: ActionItem[] = [
  { label: '$(check) Confirm', description: 'keep it as an active preference', action: 'confirm' },
  { label: '$(close) Reject', description: 'stop proposing it', action: 'reject' },
  { label: '$(preview) Show', description: 'read the evidence', action: 'show' },
];

function toItem(memory: Memory): PreferenceItem {
  const confidence = `${Math.round(memory.confidence * 100)}%`;
  return {
    label: memoryLabel(memory),
    description: `${memoryDescription(memory)} · ${confidence}`,
    detail: memory.body.split('\n')[0],
    memory,
  };
}

async function list(client: LoreClient): Promise<Memory[]> {
  const result = await client.execute<PreferencesResult>(ServerCommand.preferences, { action: 'list' });
  return result.preferences;
}

const HOW_LEARNING_WORKS = 'Lore learns from the multi-line suggestions you keep, change or undo (completions, agents, pastes). '
  + 'When the same choice comes back a few times, it proposes a preference here for you to confirm or reject. Nothing leaves your machine.';

/** With nothing learned yet: say how learning works, and offer its settings. */
async function explainEmpty(): Promise<void> {
  const enabled = vscode.workspace.getConfiguration('lore').get<boolean>('feedback.enabled', true);
  const settings = { label: '$(settings-gear) Learning settings', description: enabled ? 'on' : 'off: turn it on to learn' };
  const picked = await vscode.window.showQuickPick([
    { label: '$(info) No preferences learned yet', detail: HOW_LEARNING_WORKS },
    settings,
  ], { title: 'Learned preferences', placeHolder: 'Nothing to review yet' });
  if (picked === settings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:lore.lore-vscode feedback');
  }
}

/** The "Lore: Review Learned Preferences" command; loops until the user closes the pick. */
export async function reviewPreferences(client: LoreClient): Promise<void> {
  try {
    for (;;) {
      const preferences = await list(client);
      if (preferences.length === 0) {
        await explainEmpty();
        return;
      }
      const picked = await vscode.window.showQuickPick(preferences.map(toItem), {
        title: 'Learned preferences',
        placeHolder: 'Pick a preference to confirm or reject',
        matchOnDescription: true,
      });
      if (!picked) {
        return;
      }
      const action = await vscode.window.showQuickPick(ACTIONS, { title: picked.memory.title });
      if (!action) {
        continue;
      }
      if (action.action === 'show') {
        await vscode.window.showTextDocument(memoryUri(picked.memory.id, picked.memory.title), { preview: true });
        return;
      }
      await client.execute<PreferencesResult>(ServerCommand.preferences, { action: action.action, id: picked.memory.id });
    }
  } catch (error) {
    void vscode.window.showErrorMessage(`Lore preferences: ${error instanceof Error ? error.message : String(error)}`);
  }
}
