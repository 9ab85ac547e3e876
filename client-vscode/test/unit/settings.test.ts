import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { needsRestart, patchConfigurationItem, serverSettings } from '../../src/settings';
import { statusText } from '../../src/statusText';
import { RESTART_SETTINGS } from '../../src/constants';

const RAW = {
  server: { command: ['/venv/bin/python', '-m', 'lore', 'serve'] },
  hover: { enabled: true, maxItems: 3 },
  import: { onStartup: true, adrFolders: [] },
  feedback: { enabled: true, askReason: true, retentionDays: 30 },
};

describe('serverSettings', () => {
  it('removes client-only settings in a trusted workspace', () =>
    assert.deepEqual(serverSettings(RAW, true), {
      hover: { enabled: true, maxItems: 3 },
      import: { onStartup: true, adrFolders: [] },
      feedback: { retentionDays: 30 },
    }));
  it('turns startup import off in an untrusted workspace', () => {
    const settings = serverSettings(RAW, false);
    assert.deepEqual(settings.import, { onStartup: false, adrFolders: [] });
    assert.equal(RAW.import.onStartup, true, 'the input is not changed');
  });
  it('copes with a missing section', () => assert.deepEqual(serverSettings(undefined, false), { import: { onStartup: false } }));
});

describe('patchConfigurationItem', () => {
  const cases: Array<[string, string | undefined, unknown, boolean, unknown]> = [
    ['whole section, untrusted', 'lore', { import: { onStartup: true } }, false, { import: { onStartup: false } }],
    ['import part, untrusted', 'lore.import', { onStartup: true, maxFileSize: 5 }, false, { onStartup: false, maxFileSize: 5 }],
    ['single value, untrusted', 'lore.import.onStartup', true, false, false],
    ['single value, trusted', 'lore.import.onStartup', true, true, true],
    ['other section passes', 'python', { x: 1 }, false, { x: 1 }],
    ['no section passes', undefined, 7, false, 7],
  ];
  for (const [name, section, value, trusted, expected] of cases) {
    it(name, () => assert.deepEqual(patchConfigurationItem(section, value, trusted), expected));
  }
});

describe('needsRestart', () => {
  const cases: Array<[string, string, boolean]> = [
    ['server command', 'lore.server', true],
    ['model path', 'lore.model', true],
    ['hover', 'lore.hover', false],
  ];
  for (const [name, changed, expected] of cases) {
    it(name, () => assert.equal(needsRestart((section) => section === changed, RESTART_SETTINGS), expected));
  }
});

describe('package.json settings', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  const properties = manifest.contributes.configuration.properties as Record<string, { default: unknown; description?: string; markdownDescription?: string; scope?: string }>;
  it('every setting has a default, a description and a scope', () => {
    for (const [key, property] of Object.entries(properties)) {
      assert.ok('default' in property, `${key} default`);
      assert.ok(property.description || property.markdownDescription, `${key} description`);
      assert.ok(property.scope, `${key} scope`);
    }
  });
  it('every server command is listed and hidden from the palette', () => {
    const listed = new Set(manifest.contributes.commands.map((command: { command: string }) => command.command));
    const hidden = new Set(manifest.contributes.menus.commandPalette.filter((entry: { when: string }) => entry.when === 'false').map((entry: { command: string }) => entry.command));
    for (const id of ['lore.search', 'lore.show', 'lore.remember', 'lore.forget', 'lore.restore', 'lore.supersede', 'lore.notRelevant', 'lore.anchorHere', 'lore.feedback', 'lore.preferences', 'lore.reindex', 'lore.context', 'lore.status', 'lore.draft', 'lore.verify', 'lore.recordException', 'lore.guidance']) {
      assert.ok(listed.has(id), id);
      assert.ok(hidden.has(id), id);
    }
  });
});

describe('statusText', () => {
  const cases: Array<[string, Parameters<typeof statusText>[0], string, boolean]> = [
    ['ready', { state: 'ready', memories: 12 }, '$(book) Lore 12', false],
    ['indexing (the progress notification spins, not this)', { state: 'indexing', memories: 3 }, '$(book) Lore 3', false],
    ['words only', { state: 'wordsOnly', memories: 1 }, '$(book) Lore 1 (words only)', false],
    ['server error', { state: 'error', message: 'disk full' }, '$(error) Lore', true],
    ['start failed', { state: 'failed' }, '$(error) Lore', true],
    ['starting', { state: 'starting' }, '$(sync~spin) Lore', false],
    ['stopped', { state: 'stopped' }, '$(circle-slash) Lore', false],
  ];
  for (const [name, status, text, error] of cases) {
    it(name, () => {
      const view = statusText(status);
      assert.equal(view.text, text);
      assert.equal(view.error, error);
    });
  }
  it('the count is of memories; tasks from git history are in the tooltip', () => {
    const view = statusText({ state: 'ready', memories: 156, history: 1213 });
    assert.equal(view.text, '$(book) Lore 156');
    assert.match(view.tooltip, /156 memories, and 1,213 tasks from git history/);
    assert.doesNotMatch(statusText({ state: 'ready', memories: 2, history: 0 }).tooltip, /git history/);
  });
  it('the tooltip carries the message', () => assert.match(statusText({ state: 'error', message: 'disk full' }).tooltip, /disk full/));
});
