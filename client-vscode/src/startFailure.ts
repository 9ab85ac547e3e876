/** The one notification shown when the server cannot start, and its "Open Terminal" action. */

import * as vscode from 'vscode';
import { INSTALL_PACKAGE } from './constants';
import { describeCommand, installCommand, ServerCommand } from './serverCommand';

const MISSING_MODULE = /No module named '?lore|ModuleNotFoundError|Cannot run|ENOENT|not found/i;

/** Find a workspace folder that is a Lore checkout, so the install can be editable. */
export async function loreCheckout(): Promise<string | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    try {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, 'pyproject.toml'));
      if (new RegExp(`^name\\s*=\\s*"${INSTALL_PACKAGE}"`, 'm').test(Buffer.from(bytes).toString('utf8'))) {
        return folder.uri.fsPath;
      }
    } catch {
      // No pyproject.toml in this folder.
    }
  }
  return undefined;
}

/** Open a terminal with the install command typed in, for the user to check and run. */
export async function openInstallTerminal(command: ServerCommand | undefined): Promise<void> {
  const windows = process.platform === 'win32';
  const line = installCommand(command?.python, await loreCheckout(), windows);
  const terminal = vscode.window.createTerminal({ name: 'Lore: install' });
  terminal.show();
  terminal.sendText(line, false);
}

/**
 * Log the details and show one notification. When no server is installed and no command was set,
 * the first action installs it into an environment the extension manages (`install`); otherwise
 * "Open Terminal" types the install command in for the user to check.
 */
export async function reportStartFailure(
  command: ServerCommand,
  detail: string,
  output: vscode.LogOutputChannel,
  install?: () => Promise<void>,
): Promise<void> {
  const described = describeCommand(command);
  output.error(`The Lore server could not start: ${described}\n${detail}`);
  const missing = MISSING_MODULE.test(detail);
  if (missing && install && command.source !== 'setting') {
    const choice = await vscode.window.showInformationMessage(
      'Lore needs its language server, which is not installed for this Python. Install it now? (a private Python environment, nothing else changes)',
      'Install Lore',
      'Open Terminal',
    );
    if (choice === 'Install Lore') {
      await install();
    } else if (choice === 'Open Terminal') {
      await openInstallTerminal(command);
    }
    return;
  }
  const hint = missing
    ? `Is ${INSTALL_PACKAGE} installed for this Python? Set "lore.server.command" to use another.`
    : 'See the Lore output for details.';
  const choice = await vscode.window.showErrorMessage(
    `Lore: the language server could not start (${described}). ${hint}`,
    'Open Terminal',
    'Show Log',
  );
  if (choice === 'Open Terminal') {
    await openInstallTerminal(command);
  } else if (choice === 'Show Log') {
    output.show(true);
  }
}
