// Starts code-server for one test run: fresh user-data and extensions folders under a short
// temporary root (socket paths must stay under 108 characters), the .vsix installed, user settings
// written, the extension gallery pointed at a closed loopback port, and the whole process group
// stopped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A loopback port that nothing listens on once this resolves. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`code-server exited early with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms`);
}

function commonArgs(dirs) {
  return ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--config', '/dev/null'];
}

/**
 * Start code-server with the extension installed.
 * options: { entry, vsix, settings, logFile, workspaceTrust, env }; `env` overrides variables of
 * this process's environment (undefined removes one).
 * Returns { url, root, stop() }.
 */
export async function startCodeServer({ entry, vsix, settings, logFile, workspaceTrust = false, env: overrides = {} }) {
  const root = mkdtempSync('/tmp/lvs-');
  const dirs = { userData: join(root, 'u'), extensions: join(root, 'e'), tmp: join(root, 't') };
  for (const dir of [dirs.userData, dirs.extensions, dirs.tmp, join(dirs.userData, 'User')]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const closedPort = await freePort();
  const gallery = `http://127.0.0.1:${closedPort}`;
  const env = {
    ...process.env,
    TMPDIR: dirs.tmp,
    // The server's user-level database lives under XDG_DATA_HOME: keep it inside this run.
    XDG_DATA_HOME: join(root, 'data'),
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: `${gallery}/gallery`,
      itemUrl: `${gallery}/item`,
      resourceUrlTemplate: `${gallery}/resource/{publisher}/{name}/{version}/{path}`,
    }),
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) {
      delete env[name];
    } else {
      env[name] = value;
    }
  }
  const install = spawnSync(process.execPath, [entry, ...commonArgs(dirs), '--install-extension', vsix], {
    env,
    encoding: 'utf8',
  });
  if (install.status !== 0) {
    throw new Error(`installing ${vsix} failed:\n${install.stdout}\n${install.stderr}`);
  }
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      entry,
      ...commonArgs(dirs),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--disable-proxy',
    ],
    { env, detached: true, stdio: ['ignore', log, log] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopGroup(child);
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, root, stop };
}

/** Stop code-server and everything it started (extension host, language server) by process group. */
async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
