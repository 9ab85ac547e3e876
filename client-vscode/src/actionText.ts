/** What the memory actions say: confirmations and messages that name the memory; no VS Code imports. */

import type { Memory } from './protocol';

/** Whether forgetting a memory needs a confirmation: it is shared (team) or comes from a repository file. */
export function forgetNeedsConfirm(memory: Pick<Memory, 'scope' | 'source'>): boolean {
  const kind = memory.source?.kind ?? 'manual';
  return memory.scope === 'team' || !['manual', 'feedback'].includes(kind);
}

/** The confirmation's question and detail ("Forget “Naming”?"). */
export function forgetQuestion(memory: Pick<Memory, 'title' | 'scope' | 'source'>): { message: string; detail: string } {
  const path = memory.source?.path;
  const shared = memory.scope === 'team'
    ? 'It is a team memory: forgetting it stops it surfacing for everyone who pulls the change.'
    : path
      ? `It comes from ${path}: the file stays as it is, Lore only stops showing it.`
      : 'It stops surfacing in hovers, lenses and context.';
  return { message: `Forget “${memory.title}”?`, detail: `${shared} You can restore it.` };
}

/** "“Naming” is forgotten." and the like, naming the memory. */
export function forgotMessage(title: string): string {
  return `Lore forgot “${title}”.`;
}

export function restoredMessage(title: string): string {
  return `Lore restored “${title}”.`;
}

/** "Lore will not show “Naming” at save again." */
export function notRelevantMessage(title: string, symbol?: string): string {
  const where = symbol ? ` at ${symbol.split('.').pop()}` : ' in this file';
  return `Lore will not show “${title}”${where} again.`;
}

/** "Lore anchored “Naming” to save." */
export function anchoredMessage(title: string, symbol?: string): string {
  const where = symbol ? `to ${symbol.split('.').pop()}` : 'to this file';
  return `Lore anchored “${title}” ${where}.`;
}

export function unanchoredMessage(title: string): string {
  return `Lore took back the anchor of “${title}”.`;
}

export function shownAgainMessage(title: string): string {
  return `Lore shows “${title}” here again.`;
}

/** "Superseded “Old” by “New”." */
export function supersededMessage(oldTitle: string, newTitle: string): string {
  return `Lore: “${oldTitle}” is superseded by “${newTitle}”.`;
}
