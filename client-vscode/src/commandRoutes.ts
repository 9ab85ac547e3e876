/**
 * Client-side steps around the server's commands when they run from a hover link, a code lens or a
 * code action: a feature registers a route for a command (`LoreClient.routeCommand`), and the
 * language client's `executeCommand` middleware runs it in place of sending the command straight to
 * the server. The client knows no feature; features know the client. No `vscode` import, so the
 * routing is unit-tested in node.
 */

import type { ExecuteCommandSignature } from 'vscode-languageclient/node';

/** A feature's steps for one server command; `next` sends a command to the server. */
export type CommandRoute = (args: unknown[], next: ExecuteCommandSignature) => Promise<unknown>;

export interface Registration {
  dispose(): void;
}

export class CommandRoutes {
  private readonly routes = new Map<string, CommandRoute>();

  /** Route `command` through `route` until the registration is disposed; one route per command. */
  add(command: string, route: CommandRoute): Registration {
    if (this.routes.has(command)) {
      throw new Error(`${command} already has a route`);
    }
    this.routes.set(command, route);
    return { dispose: () => this.routes.get(command) === route && this.routes.delete(command) };
  }

  /** Run a command through its route (or straight to the server); a failure goes to `failed`, and
   * the answer is then undefined: a link or a lens has no caller to throw to. */
  async run(command: string, args: unknown[], next: ExecuteCommandSignature,
    failed: (command: string, error: unknown) => void): Promise<unknown> {
    try {
      const route = this.routes.get(command);
      return await (route ? route(args, next) : next(command, args));
    } catch (error) {
      failed(command, error);
      return undefined;
    }
  }
}
