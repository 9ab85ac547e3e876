/** The status bar's text for each state; pure, unit-tested without VS Code. */

import type { ClientStatus } from './client';

export interface StatusView {
  text: string;
  tooltip: string;
  error: boolean;
}

function count(memories: number | undefined): string {
  return memories === undefined ? '' : ` ${memories}`;
}

function plural(memories: number | undefined): string {
  return memories === 1 ? '1 memory' : `${memories ?? 0} memories`;
}

/** "12 memories", and the tasks read from git history when there are any. */
function held(status: ClientStatus): string {
  const history = status.history ?? 0;
  if (history <= 0) {
    return plural(status.memories);
  }
  return `${plural(status.memories)}, and ${history.toLocaleString('en-US')} ${history === 1 ? 'task' : 'tasks'} from git history`;
}

/** Text, tooltip and error flag for a status. */
export function statusText(status: ClientStatus): StatusView {
  const extra = status.message ? `\n${status.message}` : '';
  switch (status.state) {
    case 'starting':
      return { text: '$(sync~spin) Lore', tooltip: `Lore: starting…${extra}`, error: false };
    case 'indexing':
      // Not spinning: the progress notification is the one place that shows the import running.
      return {
        text: `$(book) Lore${count(status.memories)}`,
        tooltip: `Lore: indexing… (${held(status)})${extra}\nClick to search memory.`,
        error: false,
      };
    case 'ready':
      return {
        text: `$(book) Lore${count(status.memories)}`,
        tooltip: `Lore: ${held(status)}${extra}\nClick to search memory.`,
        error: false,
      };
    case 'wordsOnly':
      return {
        text: `$(book) Lore${count(status.memories)} (words only)`,
        tooltip: `Lore: ${held(status)}; the embedding model is missing, so search matches words only.${extra}\nClick to search memory.`,
        error: false,
      };
    case 'error':
    case 'failed':
      return { text: '$(error) Lore', tooltip: `Lore: error${extra}\nClick to restart or show the log.`, error: true };
    case 'stopped':
    default:
      return { text: '$(circle-slash) Lore', tooltip: 'Lore: the server is not running.', error: false };
  }
}
