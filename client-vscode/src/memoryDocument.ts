/**
 * Read-only virtual documents under the `lore-memory:` scheme: a memory rendered by `lore.show`
 * (`lore-memory:/memory/<id>/<title>.md`) or a context pack from `lore.context`
 * (`lore-memory:/context/<file>.md?<source uri>`), or the guidance review from `lore.guidance`
 * (`lore-memory:/review/guidance.md`).
 */

import * as vscode from 'vscode';
import type { LoreClient } from './client';
import { MEMORY_SCHEME, ServerCommand } from './constants';
import type { ContextResult, ShowResult } from './protocol';

function slug(text: string): string {
  return text.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'memory';
}

/** The virtual document URI of one memory. */
export function memoryUri(id: string, title: string): vscode.Uri {
  return vscode.Uri.from({ scheme: MEMORY_SCHEME, path: `/memory/${id}/${slug(title)}.md` });
}

/** The virtual document URI of the guidance review (contradictions and near-duplicates). */
export function reviewUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: MEMORY_SCHEME, path: '/review/guidance.md' });
}

/** The virtual document URI of the context pack for a file. */
export function contextUri(source: vscode.Uri): vscode.Uri {
  const name = source.path.split('/').pop() || 'untitled';
  return vscode.Uri.from({ scheme: MEMORY_SCHEME, path: `/context/${slug(name)}.md`, query: source.toString() });
}

export class MemoryDocumentProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: LoreClient) {}

  /** Render a memory or a context pack as markdown; errors become the document's text. */
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const [, kind, id] = uri.path.split('/');
    try {
      if (kind === 'memory' && id) {
        const result = await this.client.execute<ShowResult>(ServerCommand.show, { id, open: false });
        return result.markdown;
      }
      if (kind === 'context' && uri.query) {
        const result = await this.client.execute<ContextResult>(ServerCommand.context, { uri: uri.query });
        return result.markdown;
      }
      if (kind === 'review') {
        const result = await this.client.execute<ContextResult>(ServerCommand.guidance, {});
        return result.markdown;
      }
      return `Unknown Lore document: ${uri.toString()}`;
    } catch (error) {
      return `# Lore could not render this\n\n${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  /** Ask VS Code to render a document again. */
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
