/** Turns the `lore` settings into what the server receives; pure, unit-tested without VS Code. */

import { CLIENT_ONLY_SETTINGS, CONFIG_SECTION } from './constants';

export type SettingsObject = Record<string, unknown>;

function isObject(value: unknown): value is SettingsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone(value: unknown): SettingsObject {
  return isObject(value) ? (JSON.parse(JSON.stringify(value)) as SettingsObject) : {};
}

function deletePath(target: SettingsObject, dotted: string): void {
  const parts = dotted.split('.');
  const last = parts.pop() as string;
  let current: unknown = target;
  for (const part of parts) {
    current = isObject(current) ? current[part] : undefined;
  }
  if (isObject(current)) {
    delete current[last];
    const parentKey = parts[parts.length - 1];
    if (parts.length === 1 && Object.keys(current).length === 0) {
      delete target[parentKey];
    }
  }
}

/**
 * The `lore` section as the server should see it: client-only keys removed and, in an untrusted
 * workspace, `import.onStartup` forced off so nothing in the repository is imported unasked.
 */
export function serverSettings(raw: unknown, trusted: boolean): SettingsObject {
  const settings = clone(raw);
  for (const key of CLIENT_ONLY_SETTINGS) {
    deletePath(settings, key);
  }
  if (!trusted) {
    const imports = isObject(settings.import) ? settings.import : {};
    imports.onStartup = false;
    settings.import = imports;
  }
  return settings;
}

/**
 * Patch one `workspace/configuration` answer for `section`: the whole `lore` section, the
 * `lore.import` part or the single `lore.import.onStartup` value; other sections pass through.
 */
export function patchConfigurationItem(section: string | undefined, value: unknown, trusted: boolean): unknown {
  if (section === CONFIG_SECTION) {
    return serverSettings(value, trusted);
  }
  if (trusted) {
    return value;
  }
  if (section === `${CONFIG_SECTION}.import`) {
    return { ...(isObject(value) ? value : {}), onStartup: false };
  }
  if (section === `${CONFIG_SECTION}.import.onStartup`) {
    return false;
  }
  return value;
}

/** Tell whether a configuration change needs the server restarted. */
export function needsRestart(affects: (section: string) => boolean, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => affects(prefix));
}
