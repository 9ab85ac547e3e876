/** Pure resolution of the command that starts the language server; unit-tested without VS Code. */

import { INSTALL_PACKAGE } from './constants';

export const DEFAULT_PYTHON = 'python3';
export const SERVE_ARGS = ['-m', 'lore', 'serve'];

export type CommandSource = 'setting' | 'managed' | 'python-extension' | 'default';

export interface ServerCommand {
  command: string;
  args: string[];
  source: CommandSource;
  /** The Python interpreter the command runs, when known (used for the install hint). */
  python?: string;
}

/**
 * Pick the server command: the `lore.server.command` setting when it names a program, else the
 * interpreter chosen in the Python extension, else `python3 -m lore serve`.
 */
export function resolveServerCommand(configured: unknown, interpreter?: string[]): ServerCommand {
  const fromSetting = cleanCommand(configured);
  if (fromSetting.length > 0) {
    const [command, ...args] = fromSetting;
    return { command, args, source: 'setting', python: pythonOf(fromSetting) };
  }
  const python = cleanCommand(interpreter);
  if (python.length > 0) {
    const [command, ...prefix] = python;
    return {
      command,
      args: [...prefix, ...SERVE_ARGS],
      source: 'python-extension',
      python: prefix.length === 0 ? command : undefined,
    };
  }
  return { command: DEFAULT_PYTHON, args: [...SERVE_ARGS], source: 'default', python: DEFAULT_PYTHON };
}

/** Keep the non-blank strings of a setting value; anything that is not a string array gives []. */
export function cleanCommand(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  const parts = value.filter((part): part is string => typeof part === 'string');
  if (parts.length !== value.length || parts.length === 0 || !parts[0].trim()) {
    return [];
  }
  return parts;
}

/** The interpreter of a `<python> -m lore ...` command, or undefined for any other shape. */
export function pythonOf(command: string[]): string | undefined {
  return command.length >= 3 && command[1] === '-m' && command[2] === 'lore' ? command[0] : undefined;
}

/** Quote one shell word for a POSIX shell or PowerShell/cmd when it needs it. */
export function shellQuote(word: string, windows = false): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) {
    return word;
  }
  if (windows) {
    return `"${word.replace(/"/g, '""')}"`;
  }
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that installs the server for `python`: an editable install when the workspace is a
 * Lore checkout, else the published package.
 */
export function installCommand(python: string | undefined, loreCheckout?: string, windows = false): string {
  const interpreter = python ?? DEFAULT_PYTHON;
  const target = loreCheckout ? ['-e', loreCheckout] : [INSTALL_PACKAGE];
  const words = [interpreter, '-m', 'pip', 'install', ...target];
  const line = words.map((word) => shellQuote(word, windows)).join(' ');
  return windows && /^["]/.test(line) ? `& ${line}` : line;
}

/** A one-line rendering of the server command for messages and logs. */
export function describeCommand(server: ServerCommand): string {
  return [server.command, ...server.args].map((word) => shellQuote(word)).join(' ');
}
