/**
 * Fills in what the server's commands cannot do for themselves when they run from a hover link or a
 * code lens (routes registered with the client, `registerCommandRoutes`): `lore.show` opens a rendered view of the memory (a quick pick first when a lens holds
 * several), never the team file's raw text; `lore.forget` asks first for a shared or imported
 * memory and names it, with an undo; `lore.notRelevant` says what it hid, with an undo;
 * `lore.supersede` without `by` asks which memory replaces it (unless a template for the successor
 * is asked for: `draft: true`); `lore.recordException` asks why the decision does not apply there.
 */

import * as vscode from 'vscode';
import type { ExecuteCommandSignature } from 'vscode-languageclient/node';
import { anchoredMessage, forgetNeedsConfirm, forgetQuestion, forgotMessage, notRelevantMessage, restoredMessage, unanchoredMessage,
  shownAgainMessage, supersededMessage } from './actionText';
import { memoryDescription, memoryLabel, sourceLabel } from './args';
import type { LoreClient } from './client';
import { ServerCommand } from './constants';
import { memoryUri } from './memoryDocument';
import type { ForgetResult, Memory, ShowResult } from './protocol';
import { pickMemory } from './search';

type Args = Record<string, unknown>;

function firstArg(args: unknown[]): Args | undefined {
  const [first] = args;
  return typeof first === 'object' && first !== null && !Array.isArray(first) ? (first as Args) : undefined;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Open the rendered view of a memory (markdown preview of its `lore-memory:` document). */
export async function openRendered(memory: Pick<Memory, 'id' | 'title'>): Promise<void> {
  await vscode.commands.executeCommand('markdown.showPreview', memoryUri(memory.id, memory.title));
}

async function choose(memories: Memory[]): Promise<Memory | undefined> {
  if (memories.length <= 1) {
    return memories[0];
  }
  const items = memories.map((memory) => ({
    label: memoryLabel(memory), description: memoryDescription(memory), detail: sourceLabel(memory), memory,
  }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Which memory to show?', matchOnDetail: true });
  return picked?.memory;
}

async function show(args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const given = firstArg(args) ?? {};
  const result = (await next(ServerCommand.show, [{ ...given, open: false }])) as ShowResult | undefined;
  if (result && given.open !== false) {
    const chosen = await choose(result.memories?.length ? result.memories : [result.memory]);
    if (chosen) {
      await openRendered(chosen);
    }
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
  const result = (await next(ServerCommand.supersede, [{ ...given, by: [replacement.id] }])) as { memory?: Memory } | undefined;
  void vscode.window.showInformationMessage(supersededMessage(result?.memory?.title ?? 'the memory', replacement.title));
  return result;
}

/** Offer Undo on a message naming the memory; run `undo` when it is chosen (without holding the caller). */
function offerUndo(text: string, undo: () => Promise<string>): void {
  void vscode.window.showInformationMessage(text, 'Undo').then(async (choice) => {
    if (choice !== 'Undo') {
      return;
    }
    try {
      void vscode.window.showInformationMessage(await undo());
    } catch (error) {
      void vscode.window.showErrorMessage(`Lore could not undo: ${message(error)}`);
    }
  });
}

async function forget(client: LoreClient, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const given = firstArg(args);
  const id = given?.id;
  if (typeof id !== 'string') {
    return next(ServerCommand.forget, args);
  }
  const { memory } = await client.execute<ShowResult>(ServerCommand.show, { id, open: false });
  if (given?.purge === true || forgetNeedsConfirm(memory)) {
    const question = forgetQuestion(memory);
    const choice = await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, 'Forget');
    if (choice !== 'Forget') {
      return undefined;
    }
  }
  const result = (await next(ServerCommand.forget, args)) as ForgetResult | undefined;
  if (result && given?.purge !== true) {
    offerUndo(forgotMessage(memory.title), async () => {
      await client.execute<ForgetResult>(ServerCommand.restore, { id });
      return restoredMessage(memory.title);
    });
  }
  return result;
}

type PlaceResult = { id: string; title?: string; added?: boolean } | undefined;

/** Run a command at a place (a file or a symbol of it) and, when `done` says it changed something, say
 * what with an undo that runs the same command with `undo: true`. */
async function undoableAtPlace(
  client: LoreClient, command: string, args: unknown[], next: ExecuteCommandSignature,
  done: (result: NonNullable<PlaceResult>) => boolean,
  said: (title: string, symbol: string | undefined) => string, undone: (title: string) => string,
): Promise<unknown> {
  const given = firstArg(args);
  const result = (await next(command, args)) as PlaceResult;
  if (given && result && done(result)) {
    const title = result.title ?? 'the memory';
    const symbol = typeof given.symbol === 'string' ? given.symbol : undefined;
    offerUndo(said(title, symbol), async () => {
      await client.execute(command, { ...given, undo: true });
      return undone(title);
    });
  }
  return result;
}

function notRelevant(client: LoreClient, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  const undoing = firstArg(args)?.undo === true;
  return undoableAtPlace(client, ServerCommand.notRelevant, args, next, () => !undoing,
    notRelevantMessage, shownAgainMessage);
}

function anchorHere(client: LoreClient, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> {
  return undoableAtPlace(client, ServerCommand.anchorHere, args, next, (result) => result.added === true,
    anchoredMessage, unanchoredMessage);
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

/** Register this module's routes with the client; dispose them to take them back. */
export function registerCommandRoutes(client: LoreClient): vscode.Disposable[] {
  return [
    client.routeCommand(ServerCommand.show, (args, next) => show(args, next)),
    client.routeCommand(ServerCommand.supersede, (args, next) => supersede(client, args, next)),
    client.routeCommand(ServerCommand.forget, (args, next) => forget(client, args, next)),
    client.routeCommand(ServerCommand.notRelevant, (args, next) => notRelevant(client, args, next)),
    client.routeCommand(ServerCommand.anchorHere, (args, next) => anchorHere(client, args, next)),
    client.routeCommand(ServerCommand.recordException, (args, next) => recordException(args, next)),
  ];
}
