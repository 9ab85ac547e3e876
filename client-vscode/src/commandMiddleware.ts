/**
 * Fills in what the server's commands cannot ask for themselves when they run from a hover link:
 * `lore.show` of a memory without a file opens its read-only view, `lore.supersede` without `by`
 * asks which memory replaces it (unless a draft successor is asked for), `lore.forget` offers an
 * undo, and `lore.recordException` asks why the decision does not apply there.
 */

import * as vscode from 'vscode';
import type { ExecuteCommandSignature } from 'vscode-languageclient/node';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import { memoryUri } from './memoryDocument';
import type { Memory, ShowResult } from './protocol';
import { pickMemory } from './search';

type Args = Record<string, unknown>;

function firstArg(args: unknown[]): Args | undefined {
  const [first] = args;
  return typeof first === 'object' && first !== null && !Array.isArray(first) ? (first as Args) : undefined;
}

async function show(args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const result = (await next(ServerCommand.show, args)) as ShowResult | undefined;
  const memory = result?.memory;
  const wantsOpen = firstArg(args)?.open !== false;
  if (memory && wantsOpen && !memory.source?.path) {
    await vscode.window.showTextDocument(memoryUri(memory.id, memory.title), { preview: true });
  }
  return result;
}

async function supersede(client: LoreClient, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const given = firstArg(args);
  if (!given || given.draft === true || (Array.isArray(given.by) && given.by.length > 0)) {
    return next(ServerCommand.supersede, args);
  }
  const replacement = await pickMemory(client, 'Which memory replaces it? Search for it');
  if (!replacement) {
    return undefined;
  }
  if (replacement.id === given.id) {
    void vscode.window.showWarningMessage('Lore: a memory cannot supersede itself.');
    return undefined;
  }
  const result = await next(ServerCommand.supersede, [{ ...given, by: [replacement.id] }]);
  void vscode.window.showInformationMessage(`Lore: superseded by “${replacement.title}”.`);
  return result;
}

async function forget(client: LoreClient, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const result = await next(ServerCommand.forget, args);
  const id = firstArg(args)?.id;
  if (typeof id === 'string' && firstArg(args)?.purge !== true) {
    const undo = await vscode.window.showInformationMessage('Lore forgot the memory.', 'Undo');
    if (undo === 'Undo') {
      await client.execute<{ memory?: Memory }>(ServerCommand.restore, { id });
    }
  }
  return result;
}

async function recordException(args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const given = firstArg(args);
  if (!given || typeof given.reason === 'string') {
    return next(ServerCommand.recordException, args);
  }
  const reason = await vscode.window.showInputBox({
    title: 'Lore: record an exception here',
    prompt: 'Why does the decision not apply here? (kept in its team file and shown in review)',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'An exception needs a reason'),
  });
  if (!reason?.trim()) {
    return undefined;
  }
  const result = await next(ServerCommand.recordException, [{ ...given, reason: reason.trim() }]);
  void vscode.window.showInformationMessage('Lore: exception recorded in the decision\'s team file.');
  return result;
}

/** The `executeCommand` middleware of the language client. */
export function executeCommandMiddleware(client: LoreClient) {
  return async (command: string, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> => {
    try {
      switch (command) {
        case ServerCommand.show:
          return await show(args, next);
        case ServerCommand.supersede:
          return await supersede(client, args, next);
        case ServerCommand.forget:
          return await forget(client, args, next);
        case ServerCommand.recordException:
          return await recordException(args, next);
        default:
          return await next(command, args);
      }
    } catch (error) {
      void vscode.window.showErrorMessage(`Lore: ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
}
