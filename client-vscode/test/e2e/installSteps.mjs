// The first run in a workspace that is a Lore checkout, with no server installed: one notification
// offers the install, "Install Lore" makes a Python environment the extension manages (under its
// global storage, inside this session's folder) with an editable install of the checkout, with
// progress, and the server starts from there.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serverPid, until } from './steps.mjs';

/** The Python the extension finds as `python3`: a bare system Python, without Lore, that can make a venv. */
export const BASE_PYTHON = '/usr/bin/python3';
const OFFER = 'Lore needs its language server';
const PROGRESS = 'installing the language server';
const FAILED = 'the install failed';

/**
 * What code-server runs with in this session: `python3` is BASE_PYTHON, and nothing (a virtualenv
 * on the PATH, PYTHONPATH) makes Lore importable. VSCODE_CLI=1 makes the server give the extension
 * host this environment as it is, not the one a login shell makes of it (whose profile can put
 * another python3 first, as pyenv's does).
 */
export function installSessionEnv(path = process.env.PATH ?? '') {
  return {
    PATH: `${dirname(BASE_PYTHON)}:${path}`,
    PYTHONPATH: undefined,
    PYTHONHOME: undefined,
    VIRTUAL_ENV: undefined,
    VSCODE_CLI: '1',
  };
}

async function offerToInstall(wb) {
  const toast = wb.notification(OFFER);
  try {
    await toast.first().waitFor({ timeout: 60_000 });
  } catch (error) {
    const shown = await wb.page.locator('.notification-toast').allInnerTexts().catch(() => []);
    throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; notifications shown: ${JSON.stringify(shown)}; the Lore log ends:\n${wb.loreLog().slice(-1500)}`);
  }
  await wb.loreStatus().locator('.codicon-error').waitFor();
  const count = await wb.page.locator('.notification-toast').count();
  if (count !== 1) {
    throw new Error(`expected one notification (the install offer), saw ${count}`);
  }
  await wb.screenshot('install-offer');
  const log = wb.loreLog();
  if (!log.includes(`${BASE_PYTHON}: No module named lore`)) {
    throw new Error(`the server was not looked for as ${BASE_PYTHON}; the Lore log says:\n${log.slice(-2000)}`);
  }
  const message = await toast.first().locator('.notification-list-item-message').innerText();
  return `notification: ${JSON.stringify(message)}`;
}

/** The interpreter running the server for `workspace`, read from its command line. */
function serverPython(workspace) {
  const pid = serverPid(workspace);
  return pid ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] : undefined;
}

async function installAndStart(wb, workspace) {
  const sessionRoot = dirname(workspace);
  await wb.restPointer();
  await wb.notification(OFFER).first().getByRole('button', { name: 'Install Lore' }).click();
  const progress = wb.notification(PROGRESS).first();
  await progress.waitFor({ timeout: 30_000 });
  await wb.screenshot('install-progress');
  const status = await until(async () => {
    if (await wb.notification(FAILED).count()) {
      return FAILED;
    }
    const value = (await wb.loreStatus().innerText()).trim();
    return /^Lore [1-9]\d*$/.test(value) ? value : false;
  }, 'the status bar never showed "Lore N" after the install', 420_000);
  if (status === FAILED) {
    throw new Error(`the install failed; the Lore log says:\n${wb.loreLog().slice(-2000)}`);
  }
  const python = serverPython(workspace);
  const managed = join(sessionRoot, 'u', 'User', 'globalStorage');
  if (!python || !python.startsWith(managed) || !python.endsWith('/server-env/bin/python')) {
    throw new Error(`the server does not run from the managed environment under ${managed}: ${python}`);
  }
  const home = readFileSync(join(dirname(dirname(python)), 'pyvenv.cfg'), 'utf8').match(/^home\s*=\s*(.*)$/m)?.[1];
  if (home !== dirname(BASE_PYTHON)) {
    throw new Error(`the managed environment was made from a Python in ${home}, not ${BASE_PYTHON}`);
  }
  const log = wb.loreLog();
  const editable = `pip install --upgrade --disable-pip-version-check --quiet -e ${workspace}`;
  if (!log.includes(editable)) {
    throw new Error(`the install was not "${editable}"; the Lore log says:\n${log.slice(-2000)}`);
  }
  if (await wb.notification(PROGRESS).count()) {
    throw new Error('the progress notification is still shown after the server started');
  }
  return `status bar ${JSON.stringify(status)}; server runs ${python.slice(sessionRoot.length + 1)}; pip install -e of the workspace`;
}

/** Steps in a Lore checkout with no server installed. */
export function installSteps(wb, workspace) {
  return [
    ['no server found: one notification offers to install Lore', () => offerToInstall(wb)],
    ['"Install Lore" installs the checkout into a managed environment, with progress, and the server starts', () => installAndStart(wb, workspace)],
  ];
}
