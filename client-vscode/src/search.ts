/**
 * "Lore: Search Memory": a QuickPick whose items come live from `lore.search`, starting (before any
 * typing) with the memories that govern the active file; each shows why it matched and what it
 * says before where it comes from. Choosing one opens its source file at its line, or a read-only
 * view of the memory when it has no file.
 */

import * as vscode from 'vscode';
import { buildSearchArgs, hitDetail, memoryDescription, memoryLabel, sourceTarget, whyText } from './args';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import { memoryUri } from './memoryDocument';
import type { Hit, SearchResult } from './protocol';

const DEBOUNCE_MS = 150;
const FILE_TITLE = 'Memories of this file. Type to search all of Lore.';

export interface HitItem extends vscode.QuickPickItem {
  hit: Hit;
}

function toItem(hit: Hit): HitItem {
  return {
    label: memoryLabel(hit),
    description: whyText(hit) || memoryDescription(hit),
    detail: hitDetail(hit),
    hit,
    alwaysShow: true,
  };
}

/** Feeds a QuickPick with `lore.search` results as the user types; stale answers are dropped. */
class LiveSearch {
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(
    private readonly client: LoreClient,
    private readonly pick: vscode.QuickPick<HitItem>,
    private readonly uri: string | undefined,
  ) {}

  /** Search again after a short pause in typing. */
  schedule(query: string): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(query), DEBOUNCE_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.generation += 1;
  }

  /** Search now and show the hits, unless a newer search started meanwhile. */
  async run(query: string): Promise<void> {
    const mine = ++this.generation;
    const words = buildSearchArgs(query, this.uri);
    const args = words ?? (this.uri ? { query: '', uri: this.uri, limit: 20 } : undefined);
    if (!args) {
      this.pick.items = [];
      this.pick.title = undefined;
      this.pick.busy = false;
      return;
    }
    this.pick.busy = true;
    let items: HitItem[] = [];
    let title: string | undefined;
    try {
      const result = await this.client.execute<SearchResult>(ServerCommand.search, args);
      items = result.hits.map(toItem);
      if (!words) {
        title = items.length === 0 ? 'No memory governs this file. Type to search.' : FILE_TITLE;
      } else {
        title = items.length === 0 ? 'No memory matches.' : undefined;
      }
    } catch (error) {
      title = `Search failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (mine === this.generation) {
      this.pick.items = items;
      this.pick.title = title;
      this.pick.busy = false;
    }
  }
}

/** Show a live-search QuickPick and resolve with the chosen hit, or undefined. */
export function pickMemory(client: LoreClient, placeholder: string, initial = ''): Promise<Hit | undefined> {
  const pick = vscode.window.createQuickPick<HitItem>();
  pick.placeholder = placeholder;
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  pick.value = initial;
  const search = new LiveSearch(client, pick, vscode.window.activeTextEditor?.document.uri.toString());
  return new Promise((resolve) => {
    pick.onDidChangeValue((value) => search.schedule(value));
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.hit;
      if (chosen) {
        resolve(chosen);
        pick.hide();
      }
    });
    pick.onDidHide(() => {
      search.cancel();
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
    void search.run(initial);
  });
}

/** Resolve a hit's source file against the workspace folders. */
function sourceUri(target: { uri?: string; path?: string }): vscode.Uri | undefined {
  if (target.uri) {
    return vscode.Uri.parse(target.uri);
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder && target.path ? vscode.Uri.joinPath(folder.uri, target.path) : undefined;
}

/** Open a hit: its source file at its line, else the read-only memory view. */
export async function openHit(hit: Hit): Promise<void> {
  const target = sourceTarget(hit);
  const uri = target ? sourceUri(target) : undefined;
  if (target && uri) {
    try {
      const position = new vscode.Position(target.line, 0);
      await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: true });
      return;
    } catch {
      // The file is gone or unreadable; fall back to the memory view below.
    }
  }
  const document = await vscode.workspace.openTextDocument(memoryUri(hit.id, hit.title));
  await vscode.window.showTextDocument(document, { preview: true });
}

/** The "Lore: Search Memory" command. */
export async function searchMemory(client: LoreClient): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
  const initial = selected.includes('\n') ? '' : selected.trim().slice(0, 200);
  const hit = await pickMemory(client, 'Search Lore memory: decisions, conventions, preferences…', initial);
  if (hit) {
    await openHit(hit);
  }
}

/** The "Lore: Reindex Workspace" command: import every source again (progress comes from the server). */
export async function reindexWorkspace(client: LoreClient): Promise<void> {
  try {
    await client.execute(ServerCommand.reindex, {});
    void vscode.window.showInformationMessage('Lore reindexed the workspace.');
  } catch (error) {
    void vscode.window.showErrorMessage(`Lore could not reindex: ${error instanceof Error ? error.message : String(error)}`);
  }
}
