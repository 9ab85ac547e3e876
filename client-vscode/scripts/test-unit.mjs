// Runs the unit tests (test/unit/*.test.ts) with node's built-in test runner. Each test file is
// bundled by esbuild into a temporary folder first, because node 20 cannot run TypeScript itself;
// the tested modules import nothing from `vscode`.
import * as esbuild from 'esbuild';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const sources = readdirSync('test/unit').filter((name) => name.endsWith('.test.ts'));
const out = mkdtempSync(join(tmpdir(), 'lore-unit-'));
try {
  await esbuild.build({
    entryPoints: sources.map((name) => join('test/unit', name)),
    bundle: true,
    outdir: out,
    format: 'cjs',
    platform: 'node',
    target: 'node18',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const files = sources.map((name) => join(out, name.replace(/\.ts$/, '.js')));
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
