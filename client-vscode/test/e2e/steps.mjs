// The steps of the end-to-end test, as [name, async () => note] pairs run in order by
// scenario.mjs. Each checks what a user sees in the workbench.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MISSING_SERVER_PYTHON = '/usr/bin/python3';

/** Wait until `check` returns a truthy value, polling; throw `message` on timeout. */
export async function until(check, message, timeoutMs = 30_000) {
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

export function trustedSteps(wb, workspace) {
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
      await wb.paste(PROPOSAL.replace('NAME', 'refund_total'), 'refund_total');
      await wb.undo('refund_total');
      await until(() => wb.loreLog().includes('Feedback sent: rejected'), 'no rejected feedback in the Lore log');
      await wb.paste(PROPOSAL.replace('NAME', 'credit_total'), 'credit_total');
      await wb.page.keyboard.press('Control+S');
      await until(() => wb.loreLog().includes('Feedback sent: accepted'), 'no accepted feedback in the Lore log');
      return wb.loreLog().split('\n').filter((line) => line.includes('Feedback sent')).map((line) => line.replace(/^.*Feedback sent: /, '')).join(' | ');
    }],
    ...failureSteps(wb, workspace),
  ];
}

const PROPOSAL = '\ndef NAME(amounts):\n    total = Decimal("0")\n    for amount in amounts:\n        total += Decimal(amount)\n    return total\n';

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

/** Steps in a workspace the user has not trusted: nothing is imported until trust is granted. */
export function untrustedSteps(wb) {
  return [
    ['untrusted workspace: the ADR is not imported', async () => {
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 60_000 });
      await wb.screenshot('trust-prompt');
      await dialog.getByRole('button', { name: /No, I don't trust/ }).click();
      await wb.loreStatus().locator('.codicon-book').waitFor({ timeout: 90_000 });
      const text = (await wb.loreStatus().innerText()).trim();
      const titles = await wb.searchTitles('corrections to issued invoices');
      if (titles.some((title) => title.includes('Invoices are immutable'))) {
        throw new Error(`the ADR was imported in an untrusted workspace; search found ${JSON.stringify(titles)}`);
      }
      return `status bar: ${JSON.stringify(text)}; search found ${JSON.stringify(titles)}`;
    }],
    ['granting trust restarts the server, which imports the ADR', async () => {
      await wb.runCommand('Workspaces: Manage Workspace Trust');
      const trust = wb.page.locator('.workspace-trust-editor').getByRole('button', { name: 'Trust', exact: true });
      await trust.first().click();
      const titles = await until(async () => {
        const found = await wb.searchTitles('corrections to issued invoices');
        return found.some((title) => title.includes('Invoices are immutable')) ? found : false;
      }, 'the ADR never became searchable after trust was granted', 90_000);
      return `status bar: ${JSON.stringify((await wb.loreStatus().innerText()).trim())}; search found ${JSON.stringify(titles)}`;
    }],
  ];
}
