/** Pure helpers that build command arguments and picker texts; unit-tested without VS Code. */

import { KIND_ICONS } from './constants';
import type { Hit, Memory, Range, RememberArgs, Scope, SearchArgs } from './protocol';

export const SEARCH_LIMIT = 20;

/** Build `lore.search` arguments, or undefined when the query is blank. */
export function buildSearchArgs(query: string, uri?: string, limit = SEARCH_LIMIT): SearchArgs | undefined {
  const trimmed = query.trim();
  if (!trimmed) {
    return undefined;
  }
  const args: SearchArgs = { query: trimmed, limit };
  if (uri) {
    args.uri = uri;
  }
  return args;
}

export interface RememberInput {
  kind: string;
  title: string;
  body: string;
  scope: Scope;
  uri?: string;
  range?: Range;
}

/** Build `lore.remember` arguments; the server resolves the symbol at `range` itself. */
export function buildRememberArgs(input: RememberInput): RememberArgs {
  const title = input.title.trim();
  if (!title) {
    throw new Error('A memory needs a title.');
  }
  const args: RememberArgs = {
    kind: input.kind,
    title,
    body: input.body.trim() || title,
    scope: input.scope,
  };
  if (input.uri) {
    args.uri = input.uri;
    if (input.range) {
      args.range = input.range;
    }
  }
  return args;
}

/** Codicon for a memory kind, with a neutral fallback for kinds this client does not know. */
export function kindIcon(kind: string): string {
  return KIND_ICONS[kind] ?? '$(note)';
}

/** The QuickPick label of a memory: kind icon and title. */
export function memoryLabel(memory: Memory): string {
  return `${kindIcon(memory.kind)} ${memory.title}`;
}

/** The QuickPick description: kind, then status and scope where they say something. */
export function memoryDescription(memory: Memory): string {
  const parts = [memory.kind];
  if (memory.status && memory.status !== 'active') {
    parts.push(memory.status);
  }
  if (memory.scope) {
    parts.push(memory.scope);
  }
  if (memory.needsReview) {
    parts.push('needs review');
  }
  return parts.join(' · ');
}

/** The QuickPick detail line: what the memory says (its summary), then where it comes from. */
export function hitDetail(hit: Hit, maxLength = 160): string {
  const where = sourceLabel(hit);
  const summary = (hit.summary ?? firstLine(hit.body)).trim();
  const room = maxLength - (where ? where.length + 3 : 0);
  const said = summary.length > room ? `${summary.slice(0, Math.max(0, room - 1)).replace(/\s+\S*$/, '')}…` : summary;
  const text = [said, where].filter(Boolean).join(' — ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** Why a hit matched, in words: "words: repository, pattern · close in meaning", "governs this file". */
export function whyText(hit: Pick<Hit, 'why'>): string {
  const parts: string[] = [];
  for (const reason of hit.why ?? []) {
    const words = reason.match(/^words (.*?)(?: \(rank \d+\))?$/);
    if (words) {
      parts.push(words[1] === 'matched' ? 'same words' : `words: ${words[1]}`);
    } else if (/^meaning /.test(reason)) {
      parts.push('close in meaning');
    } else if (/^anchored to (file|glob) /.test(reason)) {
      parts.push('governs this file');
    } else if (/^anchored to symbol /.test(reason)) {
      parts.push('anchored here');
    } else if (/^flagged for review/.test(reason)) {
      parts.push('needs review');
    } else if (!/^used \d+×$/.test(reason)) {
      parts.push(reason);
    }
  }
  return [...new Set(parts)].join(' · ');
}

/** A short "path:line" for a memory with a source file, or an empty string. */
export function sourceLabel(memory: Memory): string {
  const path = memory.source?.path;
  if (!path) {
    return '';
  }
  const line = memory.source?.line;
  return line ? `${path}:${line}` : path;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim().length > 0 && !/^\s*(#|\||```)/.test(candidate)) ?? '';
  return line.trim();
}

export interface SourceTarget {
  /** An absolute URI string (from the server) or a workspace-relative path. */
  uri?: string;
  path?: string;
  /** Zero-based line to reveal. */
  line: number;
}

/** Where choosing a hit should go: its matched section, else its source line; undefined = no file. */
export function sourceTarget(hit: Hit): SourceTarget | undefined {
  const source = hit.source;
  if (!source || (!source.uri && !source.path)) {
    return undefined;
  }
  const oneBased = hit.section?.line ?? source.line ?? 1;
  return {
    uri: source.uri ?? undefined,
    path: source.path ?? undefined,
    line: Math.max(0, oneBased - 1),
  };
}
