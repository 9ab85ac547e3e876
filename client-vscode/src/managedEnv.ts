/**
 * A Python environment the extension manages (a venv under its global storage) with the Lore server
 * installed: made in one click, with progress, when no server is found.
 */

import * as vscode from 'vscode';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installSteps, venvPython } from './managedEnvText';
import { DEFAULT_PYTHON } from './serverCommand';

export class ManagedEnvironment {
  constructor(private readonly storage: vscode.Uri, private readonly output: vscode.LogOutputChannel) {}

  get folder(): string {
    return vscode.Uri.joinPath(this.storage, 'server-env').fsPath;
  }

  /** The environment's interpreter when Lore has been installed there, else undefined. */
  python(): string | undefined {
    const python = venvPython(this.folder);
    return existsSync(python) ? python : undefined;
  }

  /** Make the environment and install the server, with a progress notification; true when done. */
  async install(loreCheckout?: string): Promise<boolean> {
    await vscode.workspace.fs.createDirectory(this.storage);
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Lore: installing the language server', cancellable: true },
      async (progress, token) => {
        for (const [program, args, what] of installSteps(DEFAULT_PYTHON, this.folder, loreCheckout)) {
          progress.report({ message: what });
          const code = await this.run(program, args, token);
          if (code !== 0) {
            this.output.error(`Installing the server failed: ${program} ${args.join(' ')} exited with ${code}`);
            if (!token.isCancellationRequested) {
              void vscode.window.showErrorMessage('Lore: the install failed. The Lore output says why.', 'Show Log')
                .then((choice) => choice && this.output.show(true));
            }
            return false;
          }
        }
        this.output.info(`Installed the server into ${this.folder}`);
        return true;
      },
    );
  }

  private run(program: string, args: string[], token: vscode.CancellationToken): Promise<number> {
    this.output.info(`Running ${program} ${args.join(' ')}`);
    return new Promise((resolve) => {
      const child = spawn(program, args, { env: { ...process.env, PIP_NO_INPUT: '1' } });
      const log = (chunk: Buffer) => this.output.info(chunk.toString('utf8').trimEnd());
      child.stdout?.on('data', log);
      child.stderr?.on('data', log);
      const cancel = token.onCancellationRequested(() => child.kill('SIGTERM'));
      child.once('error', (error) => {
        this.output.error(`Cannot run ${program}: ${error.message}`);
        cancel.dispose();
        resolve(-1);
      });
      child.once('exit', (code) => {
        cancel.dispose();
        resolve(code ?? -1);
      });
    });
  }
}
