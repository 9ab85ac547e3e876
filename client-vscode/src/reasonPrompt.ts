/**
 * The VS Code side of the reason prompt (`rejectionReason.ts` holds the logic): a QuickPick that
 * takes its answer from a single key, an input box for "Other…", and the `type` command to hand
 * keystrokes that pick nothing back to the editor. Both close when focus leaves them.
 */

import * as vscode from 'vscode';
import { choiceForKey, type PickResult, type ReasonChoice, type ReasonUi } from './rejectionReason';

interface ChoiceItem extends vscode.QuickPickItem {
  choice: ReasonChoice;
}

function tokenFor(signal: AbortSignal): vscode.CancellationTokenSource {
  const source = new vscode.CancellationTokenSource();
  signal.addEventListener('abort', () => source.cancel(), { once: true });
  return source;
}

function pick(choices: readonly ReasonChoice[], signal: AbortSignal): Promise<PickResult> {
  return new Promise((resolve) => {
    const quickPick = vscode.window.createQuickPick<ChoiceItem>();
    quickPick.title = 'Lore: why was the suggestion undone?';
    quickPick.placeholder = 'One key: 1–4, or 0 / Enter / Esc to skip';
    quickPick.items = choices.map((choice) => ({ label: choice.label, description: choice.description, choice }));
    let result: PickResult = {};
    const finish = (answer: PickResult) => {
      result = answer;
      quickPick.hide();
    };
    quickPick.onDidChangeValue((value) => {
      const choice = choiceForKey(value, choices);
      finish(choice ? { choice } : { typed: value });
    });
    quickPick.onDidAccept(() => finish({ choice: quickPick.selectedItems[0]?.choice }));
    quickPick.onDidHide(() => {
      quickPick.dispose();
      resolve(result);
    });
    signal.addEventListener('abort', () => quickPick.hide(), { once: true });
    quickPick.show();
  });
}

async function input(signal: AbortSignal): Promise<string | undefined> {
  const source = tokenFor(signal);
  try {
    return await vscode.window.showInputBox(
      { title: 'Lore: why was the suggestion undone?', prompt: 'Sent with the rejection; e.g. "prefer httpx over requests"' },
      source.token,
    );
  } finally {
    source.dispose();
  }
}

function replay(text: string): void {
  if (vscode.window.activeTextEditor) {
    void vscode.commands.executeCommand('type', { text });
  }
}

export const vscodeReasonUi: ReasonUi = { pick, input, replay };
