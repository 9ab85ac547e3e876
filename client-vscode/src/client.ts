/**
 * Owns the language client: its options, start/stop/restart, the `lore/status` notification and
 * the log. The server process is spawned here so a failed start can name its cause. Features
 * register what runs around a server command (`routeCommand`); the client imports none of them.
 */

import * as vscode from 'vscode';
import { ChildProcess, spawn } from 'node:child_process';
import {
  CloseAction,
  CloseHandlerResult,
  DidChangeConfigurationNotification,
  ErrorAction,
  ErrorHandlerResult,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  State,
} from 'vscode-languageclient/node';
import {
  CLIENT_ID,
  ClientCommand,
  CONFIG_SECTION,
  EXTENSION_NAME,
  ServerCommand as Commands,
  STATUS_NOTIFICATION,
} from './constants';
import type { ServerState, Status } from './protocol';
import { serverCommand } from './python';
import { describeCommand, ServerCommand } from './serverCommand';
import { patchConfigurationItem, serverSettings } from './settings';
import { CommandRoute, CommandRoutes } from './commandRoutes';
import type { ManagedEnvironment } from './managedEnv';
import { ServerStderr } from './serverStderr';
import { loreCheckout, reportStartFailure } from './startFailure';

export type ClientState = ServerState | 'stopped' | 'failed';

/** What the status bar shows: the server's own status or the client's view of it. */
export interface ClientStatus {
  state: ClientState;
  memories?: number;
  /** Tasks read from git history, counted apart from `memories`. */
  history?: number;
  message?: string;
}

const STDERR_TAIL_LINES = 30;
/** How long a failed start waits for the server's stderr to be read to its end. */
const STDERR_DRAIN_MS = 3000;
/** A crash restarts the server by itself once; another within this window asks the user. */
const AUTO_RESTART_WINDOW_MS = 5 * 60_000;

/** Logs errors without the language client's own pop-ups; LoreClient shows one notification itself. */
class QuietLanguageClient extends LanguageClient {
  override error(message: string, data?: unknown): void {
    super.error(message, data, false);
  }
}

/** The current `lore` settings as a plain object. */
function rawSettings(): unknown {
  const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
  return JSON.parse(JSON.stringify(vscode.workspace.getConfiguration(CONFIG_SECTION, resource)));
}

export class LoreClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private process: ChildProcess | undefined;
  private stderr: ServerStderr | undefined;
  private running = false;
  private transition: Promise<void> = Promise.resolve();
  private lastAutoRestart = 0;
  private readonly statusEmitter = new vscode.EventEmitter<ClientStatus>();
  private readonly routes = new CommandRoutes();
  /** The server command of the last start; undefined before the first. */
  command: ServerCommand | undefined;
  readonly onDidChangeStatus = this.statusEmitter.event;
  lastStatus: ClientStatus = { state: 'stopped' };

  constructor(private readonly output: vscode.LogOutputChannel, private readonly managed?: ManagedEnvironment) {}

  /** True while the server is up and answering. */
  get isRunning(): boolean {
    return this.running && this.client?.state === State.Running;
  }

  /** Start the server (no-op when running); failures are reported, never thrown. */
  start(): Promise<void> {
    return this.enqueue(() => (this.isRunning ? Promise.resolve() : this.doStart()));
  }

  /** Stop the server and its process. */
  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  /** Stop, then start again with the current settings. */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  /** Run a server command through `workspace/executeCommand` with one object argument. */
  async execute<T>(command: string, args: object): Promise<T> {
    if (!this.client || !this.isRunning) {
      throw new Error('The Lore server is not running. Run "Lore: Restart Server" or see the Lore output.');
    }
    return (await this.client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [args] })) as T;
  }

  /** Run `route` in place of sending `command` straight to the server when a hover link, a code lens
   * or a code action invokes it (the `executeCommand` middleware); a feature registers its own. */
  routeCommand(command: string, route: CommandRoute): vscode.Disposable {
    const registration = this.routes.add(command, route);
    return new vscode.Disposable(() => registration.dispose());
  }

  /** Install the server into the managed environment, then start it from there. */
  async installAndStart(): Promise<void> {
    if (this.managed && (await this.managed.install(await loreCheckout()))) {
      await this.restart();
    }
  }

  dispose(): void {
    void this.stop();
    this.statusEmitter.dispose();
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.transition = this.transition.then(work, work);
    return this.transition;
  }

  private setStatus(status: ClientStatus): void {
    this.lastStatus = status;
    this.statusEmitter.fire(status);
  }

  private async doStart(): Promise<void> {
    const command = await serverCommand(this.output, this.managed?.python());
    this.command = command;
    this.setStatus({ state: 'starting' });
    const client = new QuietLanguageClient(CLIENT_ID, EXTENSION_NAME, () => this.spawnServer(command), this.options());
    client.onNotification(STATUS_NOTIFICATION, (status: Status) => this.setStatus(status));
    this.client = client;
    let failure: unknown;
    try {
      await client.start();
    } catch (error) {
      failure = error;
    }
    // start() can resolve although initialization failed (the client stops itself meanwhile),
    // so the state decides.
    if (failure !== undefined || client.state !== State.Running) {
      this.client = undefined;
      await client.dispose().catch(() => undefined);
      this.killProcess();
      const tail = (await this.stderr?.read(STDERR_DRAIN_MS)) ?? [];
      const detail = tail.join('\n').trim() || String(failure ?? 'the server exited during initialization');
      this.setStatus({ state: 'failed', message: detail });
      void reportStartFailure(command, detail, this.output, this.managed && (() => this.installAndStart()));
      return;
    }
    this.running = true;
    this.output.info(`Server started: ${describeCommand(command)}`);
    try {
      this.setStatus(await this.execute<Status>(Commands.status, {}));
    } catch (error) {
      this.output.warn(`lore.status failed: ${String(error)}`);
    }
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.running = false;
    if (client) {
      try {
        await client.stop(3000);
      } catch (error) {
        this.output.debug(`Stopping the client: ${String(error)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    this.killProcess();
    this.setStatus({ state: 'stopped' });
  }

  private killProcess(): void {
    const child = this.process;
    this.process = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
    }
  }

  private spawnServer(command: ServerCommand): Promise<ChildProcess> {
    const args = [...command.args, '--stdio'];
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    this.output.info(`Starting ${describeCommand({ ...command, args })}${cwd ? ` in ${cwd}` : ''}`);
    return new Promise((resolve, reject) => {
      const child = spawn(command.command, args, { cwd, env: { ...process.env, PYTHONUNBUFFERED: '1' } });
      this.stderr = new ServerStderr(child, STDERR_TAIL_LINES);
      child.once('error', (error) => reject(new Error(`Cannot run ${command.command}: ${error.message}`)));
      child.once('spawn', () => {
        this.process = child;
        resolve(child);
      });
      child.once('exit', (code, signal) => this.output.info(`Server process exited (${signal ?? code}).`));
    });
  }

  private options(): LanguageClientOptions {
    const trusted = () => vscode.workspace.isTrusted;
    const initializationOptions = serverSettings(rawSettings(), trusted());
    this.output.debug(`Settings sent to the server: ${JSON.stringify(initializationOptions)}`);
    const enabledCommands = [...Object.values(Commands), ...Object.values(ClientCommand)];
    return {
      documentSelector: [{ scheme: 'file' }, { scheme: 'untitled' }],
      outputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      // Without a handler the client pops the raw initialize error; LoreClient reports it once.
      initializationFailedHandler: () => false,
      initializationOptions,
      synchronize: { configurationSection: CONFIG_SECTION },
      markdown: { isTrusted: { enabledCommands }, supportHtml: false },
      errorHandler: {
        error: (_error, _message, count): ErrorHandlerResult => ({
          action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
          handled: true,
        }),
        closed: (): CloseHandlerResult => this.onClosed(),
      },
      middleware: {
        executeCommand: (command, args, next) => this.routes.run(command, args, next, (failed, error) => {
          const reason = error instanceof Error ? error.message : String(error);
          void vscode.window.showErrorMessage(`Lore: ${failed} failed: ${reason}`);
        }),
        workspace: {
          configuration: async (params, token, next) => {
            const result = await next(params, token);
            if (!Array.isArray(result)) {
              return result;
            }
            return result.map((value, index) => patchConfigurationItem(params.items[index]?.section, value, trusted()));
          },
          didChangeConfiguration: async () => {
            const settings = { [CONFIG_SECTION]: serverSettings(rawSettings(), trusted()) };
            await this.client?.sendNotification(DidChangeConfigurationNotification.type, { settings });
          },
        },
      },
    };
  }

  private onClosed(): CloseHandlerResult {
    if (this.running) {
      this.running = false;
      const detail = (this.stderr?.tail ?? []).slice(-5).join('\n');
      this.output.error(`The Lore server stopped unexpectedly.${detail ? `\n${detail}` : ''}`);
      const now = Date.now();
      if (now - this.lastAutoRestart > AUTO_RESTART_WINDOW_MS) {
        this.lastAutoRestart = now;
        this.output.info('Restarting the server once by itself.');
        this.setStatus({ state: 'starting', message: 'The server stopped unexpectedly; restarting.' });
        void this.restart().then(() => {
          if (this.isRunning) {
            void vscode.window.showInformationMessage('Lore: the language server stopped unexpectedly and was restarted.', 'Show Log')
              .then((choice) => choice && this.output.show(true));
          }
        });
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      this.setStatus({ state: 'failed', message: 'The server stopped unexpectedly again.' });
      void vscode.window
        .showErrorMessage('Lore: the language server stopped unexpectedly again.', 'Restart', 'Show Log')
        .then((choice) => {
          if (choice === 'Restart') {
            void this.restart();
          } else if (choice === 'Show Log') {
            this.output.show(true);
          }
        });
    }
    return { action: CloseAction.DoNotRestart, handled: true };
  }
}
