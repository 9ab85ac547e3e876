// One code-server session for the end-to-end test: code-server with the extension installed, a
// fresh copy of the fixture workspace, and headless Chromium showing the workbench. Workspace
// trust is either switched off (the workspace is trusted) or on (the test answers the prompt).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startCodeServer } from './codeServer.mjs';
import { Workbench } from './workbench.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function userSettings(python, modelPath, workspaceTrust) {
  return {
    // null: no command set, so the extension looks for a server as it does on a first run.
    ...(python ? { 'lore.server.command': [python, '-m', 'lore', 'serve'] } : {}),
    'lore.model.path': modelPath,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': workspaceTrust,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'chat.commandCenter.enabled': false,
    'editor.hover.delay': 200,
    // VS Code for the web saves after a delay by default; the test saves when a person would.
    'files.autoSave': 'off',
    'editor.minimap.enabled': false,
    'terminal.integrated.gpuAcceleration': 'off',
    'files.watcherExclude': { '**/.lore/lore.db*': true },
    'git.enabled': false,
    'python.analysis.typeCheckingMode': 'off',
  };
}

/**
 * Run `body(wb, workspace)` in a fresh session. options: { name, entry, vsix, fixture, python,
 * modelPath, artifacts, workspaceTrust, env, inPlace } (python null: no server command in the
 * settings; env: variables code-server runs with, undefined removes one; inPlace: open the fixture
 * folder itself instead of a fresh copy, for a whole repository imported beforehand). Logs are kept under artifacts/logs-<name>; the session's
 * temporary folder is removed unless LORE_E2E_KEEP is set.
 */
export async function withSession(options, body) {
  const server = await startCodeServer({
    entry: options.entry,
    vsix: options.vsix,
    workspaceTrust: options.workspaceTrust,
    env: options.env,
    settings: userSettings(options.python, options.modelPath, options.workspaceTrust),
    logFile: join(options.artifacts, `code-server-${options.name}.log`),
  });
  const workspace = options.inPlace ? options.fixture : join(server.root, 'w');
  if (!options.inPlace) {
    cpSync(options.fixture, workspace, { recursive: true });
  }
  let context;
  try {
    context = await chromium.launchPersistentContext(join(server.root, 'chromium'), {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1400, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    const wb = new Workbench(page, options.artifacts, join(server.root, 'u', 'logs'), options.name);
    await wb.open(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await wb.screenshot('workbench');
    return await body(wb, workspace);
  } finally {
    await context?.close().catch(() => undefined);
    await server.stop();
    const logs = join(server.root, 'u', 'logs');
    if (existsSync(logs)) {
      cpSync(logs, join(options.artifacts, `logs-${options.name}`), { recursive: true });
    }
    if (!process.env.LORE_E2E_KEEP) {
      rmSync(server.root, { recursive: true, force: true });
    }
  }
}
