/** The status bar item: memory count and server state; a click opens the memory search, or (in
 * error) offers Restart and the log. */

import * as vscode from 'vscode';
import { ClientCommand } from './constants';
import type { ClientStatus } from './client';
import { statusText } from './statusText';

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor() {
    this.item = vscode.window.createStatusBarItem('lore.status', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Lore';
    this.item.command = ClientCommand.searchMemory;
    this.update({ state: 'starting' });
    this.item.show();
  }

  /** Show a new status. */
  update(status: ClientStatus): void {
    const view = statusText(status);
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.backgroundColor = view.error ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.command = view.error ? ClientCommand.recover : ClientCommand.searchMemory;
  }

  dispose(): void {
    this.item.dispose();
  }
}

/** What the red status item offers: restart the server, or read its log. */
export async function recover(restart: () => Promise<void>, showLog: () => void): Promise<void> {
  const restartItem = { label: '$(debug-restart) Restart Lore Server', description: 'start the language server again' };
  const logItem = { label: '$(output) Show Lore Log', description: 'what the server said before it stopped' };
  const choice = await vscode.window.showQuickPick([restartItem, logItem], { placeHolder: 'The Lore server is not running' });
  if (choice === restartItem) {
    await restart();
  } else if (choice === logItem) {
    showLog();
  }
}
