// The end-to-end test: real VS Code (code-server) in headless Chromium with the Lore extension
// installed and the repository's server behind it. It opens a fixture workspace and checks what a
// user sees: the status bar, a code lens, a memory in a hover, palette search opening an ADR,
// remembering a decision and seeing it in a hover, and the one notification (with its terminal)
// when the server cannot start. Screenshots go to the artifacts folder.
//
// Environment: CODE_SERVER_ENTRY, LORE_VSIX, LORE_SERVER_PYTHON, LORE_TEST_MODEL_PATH,
// LORE_E2E_ARTIFACTS, LORE_E2E_FIXTURE.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startCodeServer } from './codeServer.mjs';
import { Workbench } from './workbench.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
};

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

const MISSING_SERVER_PYTHON = '/usr/bin/python3';

function userSettings(python, modelPath) {
  return {
    'lore.server.command': [python, '-m', 'lore', 'serve'],
    'lore.model.path': modelPath,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'chat.commandCenter.enabled': false,
    'editor.hover.delay': 200,
    'editor.minimap.enabled': false,
    'terminal.integrated.gpuAcceleration': 'off',
    'files.watcherExclude': { '**/.lore/lore.db*': true },
    'git.enabled': false,
    'python.analysis.typeCheckingMode': 'off',
  };
}

/** Wait until `check` returns a truthy value, polling; throw `message` on timeout. */
async function until(check, message, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await check();
      if (last) {
        return last;
      }
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${message} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

function fullSteps(wb, workspace) {
  return [
    ['status bar shows the memory count', async () => {
      const text = await until(async () => {
        const value = (await wb.loreStatus().innerText()).trim();
        return /Lore \d+/.test(value) && Number(value.match(/Lore (\d+)/)[1]) >= 2 ? value : false;
      }, 'the Lore status bar item never showed a count of at least 2', 90_000);
      return `status bar: ${JSON.stringify(text)}`;
    }],
    ['code lens above the anchored function', async () => {
      await wb.openFile('shop/billing.py');
      const lens = wb.codeLenses().filter({ hasText: /decision/ }).first();
      await lens.waitFor({ timeout: 60_000 });
      return `code lens: ${JSON.stringify(await lens.innerText())}`;
    }],
    ['hover shows the team memory', async () => {
      await wb.goTo(6, 7);
      const text = await wb.hoverText('Money is summed with Decimal', 45_000);
      return `hover: ${JSON.stringify(text.split('\n').slice(0, 3).join(' | '))}`;
    }],
    ['palette search opens the ADR', async () => {
      await wb.runCommand('Lore: Search Memory');
      await wb.typeInQuickInput('corrections to issued invoices');
      const row = wb.quickRows().filter({ hasText: 'Invoices are immutable once issued' }).first();
      await row.waitFor({ timeout: 30_000 });
      await wb.screenshot('search-results');
      await row.click();
      await wb.activeTab('0001-invoices-are-immutable.md').waitFor({ timeout: 20_000 });
      return 'opened docs/adr/0001-invoices-are-immutable.md';
    }],
    ['remember a decision, then see it in a hover', async () => {
      await wb.openFile('shop/billing.py');
      await wb.goTo(16, 7);
      await wb.runCommand('Lore: Remember Decision…');
      await wb.quickInput().locator('input').waitFor();
      await wb.typeInQuickInput('Invoice lines show exactly two decimals');
      await wb.page.keyboard.press('Enter');
      await until(async () => (await wb.quickInput().innerText()).includes('(2/3)'), 'no body input box');
      await wb.typeInQuickInput('Totals are formatted with :.2f so every invoice line has cents.');
      await wb.page.keyboard.press('Enter');
      await wb.quickRows().filter({ hasText: 'Team' }).first().waitFor();
      await wb.screenshot('remember-scope');
      await wb.page.keyboard.press('Enter');
      await wb.notification('remembered the decision').first().waitFor({ timeout: 30_000 });
      await wb.screenshot('remembered');
      const files = readdirSync(join(workspace, '.lore', 'memories'));
      const written = files.find((name) => readFileSync(join(workspace, '.lore', 'memories', name), 'utf8').includes('Invoice lines show exactly two decimals'));
      if (!written) {
        throw new Error(`no team memory file was written; .lore/memories holds ${files.join(', ')}`);
      }
      await wb.goTo(16, 7);
      await wb.hoverText('Invoice lines show exactly two decimals', 45_000);
      return `team file .lore/memories/${written}`;
    }],
    ['feedback: an undone insertion is rejected, a saved one accepted', async () => {
      await wb.openFile('shop/billing.py');
      await wb.goTo(19, 1);
      // A paste arrives as one multi-line edit, as a completion or an agent's edit does.
      await wb.paste(PROPOSAL.replace('NAME', 'refund_total'));
      await wb.page.keyboard.press('Control+Z');
      await until(() => loreLog(wb.logs).includes('Feedback sent: rejected'), 'no rejected feedback in the Lore log');
      await wb.paste(PROPOSAL.replace('NAME', 'credit_total'));
      await wb.page.keyboard.press('Control+S');
      await until(() => loreLog(wb.logs).includes('Feedback sent: accepted'), 'no accepted feedback in the Lore log');
      return loreLog(wb.logs).split('\n').filter((line) => line.includes('Feedback sent')).map((line) => line.replace(/^.*Feedback sent: /, '')).join(' | ');
    }],
    ...failureSteps(wb, workspace),
  ];
}

const PROPOSAL = '\ndef NAME(amounts):\n    total = Decimal("0")\n    for amount in amounts:\n        total += Decimal(amount)\n    return total\n';

/** The Lore output channel's log file (newest session), or '' before it exists. */
function loreLog(logsDir) {
  if (!existsSync(logsDir)) {
    return '';
  }
  for (const session of readdirSync(logsDir).sort().reverse()) {
    const file = join(logsDir, session, 'exthost1', 'lore.lore-vscode', 'Lore.log');
    if (existsSync(file)) {
      return readFileSync(file, 'utf8');
    }
  }
  return '';
}

function failureSteps(wb, workspace) {
  return [
    ['a server that cannot start gives one notification with Open Terminal', async () => {
      // A workspace setting naming a Python without Lore: the change restarts the server.
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      const command = { 'lore.server.command': [MISSING_SERVER_PYTHON, '-m', 'lore', 'serve'] };
      writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(command, null, 2));
      const toast = wb.notification('could not start');
      await toast.first().waitFor({ timeout: 60_000 });
      await until(async () => (await wb.loreStatus().innerText()).includes('Lore'), 'no Lore status item');
      const count = await toast.count();
      if (count !== 1) {
        throw new Error(`expected one start-failure notification, saw ${count}`);
      }
      await wb.screenshot('start-failure');
      await toast.first().getByRole('button', { name: 'Open Terminal' }).click();
      const terminal = wb.page.locator('.terminal-wrapper .xterm-rows').first();
      const text = await until(async () => {
        const rows = await terminal.innerText();
        return rows.includes('pip install lore-memory') ? rows : false;
      }, 'the terminal never showed the install command', 30_000);
      const line = text.split('\n').find((row) => row.includes('pip install'));
      return `terminal: ${JSON.stringify(line.trim())}`;
    }],
  ];
}

async function runSteps(wb, steps) {
  let passed = 0;
  let failed = 0;
  for (const [index, [name, step]] of steps.entries()) {
    const started = Date.now();
    try {
      const note = await step();
      passed += 1;
      console.log(`ok ${index + 1} - ${name} (${((Date.now() - started) / 1000).toFixed(1)}s)${note ? `: ${note}` : ''}`);
      await wb.screenshot(name.replace(/\W+/g, '-').slice(0, 50));
    } catch (error) {
      failed += 1;
      console.log(`not ok ${index + 1} - ${name}: ${error instanceof Error ? error.message : String(error)}`);
      await wb.screenshot(`FAILED-${name.replace(/\W+/g, '-').slice(0, 50)}`).catch(() => undefined);
      break;
    }
  }
  const skipped = steps.length - passed - failed;
  console.log(`vscode: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed === 0 && skipped === 0;
}

async function main() {
  const artifacts = env('LORE_E2E_ARTIFACTS');
  const server = await startCodeServer({
    entry: env('CODE_SERVER_ENTRY'),
    vsix: env('LORE_VSIX'),
    workspace: '',
    settings: userSettings(env('LORE_SERVER_PYTHON'), process.env.LORE_TEST_MODEL_PATH ?? ''),
    logFile: join(artifacts, 'code-server.log'),
  });
  const workspace = join(server.root, 'w');
  cpSync(env('LORE_E2E_FIXTURE'), workspace, { recursive: true });
  let ok = false;
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
    const wb = new Workbench(page, artifacts);
    wb.logs = join(server.root, 'u', 'logs');
    await wb.open(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await wb.screenshot('workbench');
    ok = await runSteps(wb, fullSteps(wb, workspace));
  } finally {
    await context?.close().catch(() => undefined);
    await server.stop();
    copyLogs(server.root, artifacts);
  }
  process.exitCode = ok ? 0 : 1;
}

/** Keep code-server's logs (the Lore output channel among them) next to the screenshots. */
function copyLogs(root, artifacts) {
  const logs = join(root, 'u', 'logs');
  if (existsSync(logs)) {
    cpSync(logs, join(artifacts, 'logs'), { recursive: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
