import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { cleanCommand, describeCommand, installCommand, pythonOf, resolveServerCommand } from '../../src/serverCommand';

describe('resolveServerCommand', () => {
  const cases: Array<[string, unknown, string[] | undefined, object]> = [
    [
      'setting wins over the Python extension',
      ['/repo/.venv/bin/python', '-m', 'lore', 'serve'],
      ['/usr/bin/python3.12'],
      { command: '/repo/.venv/bin/python', args: ['-m', 'lore', 'serve'], source: 'setting', python: '/repo/.venv/bin/python' },
    ],
    [
      'setting with a lore script has no python',
      ['/usr/local/bin/lore', 'serve'],
      undefined,
      { command: '/usr/local/bin/lore', args: ['serve'], source: 'setting', python: undefined },
    ],
    [
      'empty setting falls back to the Python extension',
      [],
      ['/home/me/venv/bin/python'],
      { command: '/home/me/venv/bin/python', args: ['-m', 'lore', 'serve'], source: 'python-extension', python: '/home/me/venv/bin/python' },
    ],
    [
      'an interpreter given as a command prefix keeps its prefix',
      [],
      ['conda', 'run', '-n', 'lore', 'python'],
      { command: 'conda', args: ['run', '-n', 'lore', 'python', '-m', 'lore', 'serve'], source: 'python-extension', python: undefined },
    ],
    ['nothing set gives python3', [], undefined, { command: 'python3', args: ['-m', 'lore', 'serve'], source: 'default', python: 'python3' }],
    ['a string setting is ignored', '/usr/bin/python3 -m lore serve', undefined, { command: 'python3', source: 'default' }],
    ['a setting with a blank program is ignored', ['  ', 'serve'], undefined, { command: 'python3', source: 'default' }],
    ['a setting with a non-string is ignored', ['python3', 3], undefined, { command: 'python3', source: 'default' }],
  ];
  for (const [name, configured, interpreter, expected] of cases) {
    it(name, () => {
      const resolved = resolveServerCommand(configured, interpreter);
      for (const [key, value] of Object.entries(expected)) {
        assert.deepEqual(resolved[key as keyof typeof resolved], value, key);
      }
    });
  }
});

describe('cleanCommand and pythonOf', () => {
  it('keeps a string array', () => assert.deepEqual(cleanCommand(['a', 'b']), ['a', 'b']));
  it('rejects non-arrays', () => assert.deepEqual(cleanCommand({ command: 'a' }), []));
  it('finds the interpreter of -m lore', () => assert.equal(pythonOf(['py', '-m', 'lore', 'serve']), 'py'));
  it('finds none for another module', () => assert.equal(pythonOf(['py', '-m', 'other']), undefined));
});

describe('installCommand', () => {
  const cases: Array<[string, string | undefined, string | undefined, boolean, string]> = [
    ['published package', '/usr/bin/python3', undefined, false, '/usr/bin/python3 -m pip install lore-memory'],
    ['editable checkout', '/repo/.venv/bin/python', '/repo', false, '/repo/.venv/bin/python -m pip install -e /repo'],
    ['unknown python', undefined, undefined, false, 'python3 -m pip install lore-memory'],
    ['path with spaces on POSIX', '/opt/my env/bin/python', undefined, false, "'/opt/my env/bin/python' -m pip install lore-memory"],
    ['path with spaces on Windows', 'C:\\My Env\\python.exe', undefined, true, '& "C:\\My Env\\python.exe" -m pip install lore-memory'],
  ];
  for (const [name, python, checkout, windows, expected] of cases) {
    it(name, () => assert.equal(installCommand(python, checkout, windows), expected));
  }
});

describe('describeCommand', () => {
  it('quotes words that need it', () =>
    assert.equal(describeCommand({ command: '/a b/python', args: ['-m', 'lore', 'serve'], source: 'setting' }), "'/a b/python' -m lore serve"));
});
