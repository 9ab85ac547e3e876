import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { ServerStderr } from '../../src/serverStderr';

/** A node process running `script`, its stdin closed. */
function run(script: string) {
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('a server process stderr', () => {
  it('is read to the end when the process closes its output before writing the cause', async () => {
    // As a server that fails: stdout closes (the client sees the connection end), the cause comes after.
    const child = run("require('fs').closeSync(1); setTimeout(() => { process.stderr.write(\"No module named lore\\n\"); process.exit(1); }, 300);");
    const stderr = new ServerStderr(child);
    await new Promise((resolve) => child.stdout?.once('close', resolve));
    assert.deepEqual(stderr.tail, []);
    assert.deepEqual(await stderr.read(10_000), ['No module named lore']);
  });

  it('gives what it has once the wait is over when the process goes on', async () => {
    const child = run("process.stderr.write('starting\\n'); setTimeout(() => undefined, 20_000);");
    const stderr = new ServerStderr(child);
    await new Promise((resolve) => child.stderr?.once('data', resolve));
    const started = Date.now();
    try {
      assert.deepEqual(await stderr.read(300), ['starting']);
      assert.ok(Date.now() - started < 5_000, `waited ${Date.now() - started} ms`);
    } finally {
      child.kill();
    }
  });

  it('keeps the last lines only', async () => {
    const child = run("for (let i = 1; i <= 50; i++) process.stderr.write(`line ${i}\\n`);");
    const stderr = new ServerStderr(child, 3);
    assert.deepEqual(await stderr.read(10_000), ['line 48', 'line 49', 'line 50']);
  });

  it('ends the wait when the command cannot run', async () => {
    const child = spawn('/nonexistent/python3', ['-m', 'lore']);
    child.on('error', () => undefined);
    const stderr = new ServerStderr(child);
    const started = Date.now();
    assert.deepEqual(await stderr.read(20_000), []);
    assert.ok(Date.now() - started < 10_000, `waited ${Date.now() - started} ms`);
  });
});
