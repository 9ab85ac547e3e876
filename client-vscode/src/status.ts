/** The status bar item: memory count and server state; a click opens the memory search. */

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
    this.item.command = view.error ? ClientCommand.showOutput : ClientCommand.searchMemory;
  }

  dispose(): void {
    this.item.dispose();
  }
}
