import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

// What the language client itself is made of: starting the server, its settings, the routing of
// commands. Features (search, remember, the memory view, the command steps...) register with the
// client; the client imports none of them.
const CLIENT_PARTS = ['./commandRoutes', './constants', './managedEnv', './protocol', './python', './serverCommand',
  './serverStderr', './settings', './startFailure'];

function localImports(source: string): string[] {
  return [...source.matchAll(/^import[^'"]*['"](\.[^'"]+)['"]/gm)].map((m) => m[1]).sort();
}

describe('the client', () => {
  it('imports no feature module', () => {
    const found = localImports(readFileSync('src/client.ts', 'utf8'));
    assert.deepEqual(found.filter((name) => !CLIENT_PARTS.includes(name)), []);
  });
  it('reads every local import, one or several lines long', () => {
    const source = "import { a } from './search';\nimport type {\n  b,\n} from './memoryDocument';\nimport * as x from 'vscode';\n";
    assert.deepEqual(localImports(source), ['./memoryDocument', './search']);
  });
});
