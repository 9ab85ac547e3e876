// The steps of the end-to-end test, run in order by scenario.mjs. Each is an async function of
// the workbench (and the workspace folder) that checks what a user sees and returns a short note.
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MISSING_SERVER_PYTHON = '/usr/bin/python3';
const REMEMBERED = 'Invoice lines show exactly two decimals';
const CONVENTION = 'Discount percentages are whole numbers';
const ADR_TITLE = 'Invoices are immutable once issued';
const ADR_QUERY = 'corrections to issued invoices';
const PROPOSAL = '\ndef NAME(amounts):\n    total = Decimal("0")\n    for amount in amounts:\n        total += Decimal(amount)\n    return total\n';

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

async function statusShowsCount(wb) {
  const text = await until(async () => {
    const value = (await wb.loreStatus().innerText()).trim();
    const count = value.match(/Lore (\d+)/);
    return count && Number(count[1]) >= 2 ? value : false;
  }, 'the Lore status bar item never showed a count of at least 2', 90_000);
  return `status bar: ${JSON.stringify(text)}`;
}

async function codeLensAboveFunction(wb) {
  await wb.openFile('shop/billing.py');
  const lens = wb.codeLenses().filter({ hasText: 'Money is summed with Decimal' }).first();
  await lens.waitFor({ timeout: 60_000 });
  return `code lens: ${JSON.stringify(await lens.innerText())}`;
}

async function hoverShowsTeamMemory(wb) {
  await wb.goTo(6, 7);
  const text = await wb.hoverText('Money is summed with Decimal', 45_000);
  return `hover: ${JSON.stringify(text.split('\n').slice(0, 3).join(' | '))}`;
}

async function searchOpensAdr(wb) {
  await wb.runCommand('Lore: Search Memory');
  await wb.typeInQuickInput(ADR_QUERY);
  const row = wb.quickRows().filter({ hasText: ADR_TITLE }).first();
  await row.waitFor({ timeout: 30_000 });
  await wb.screenshot('search-results');
  await wb.clickRow(row);
  await wb.activeTab('0001-invoices-are-immutable.md').waitFor({ timeout: 20_000 });
  return 'opened docs/adr/0001-invoices-are-immutable.md';
}

async function rememberThenHover(wb, workspace) {
  await wb.openFile('shop/billing.py');
  await wb.goTo(16, 7);
  await wb.runCommand('Lore: Remember Decision…');
  await wb.quickInput().locator('input').waitFor();
  await wb.typeInQuickInput(REMEMBERED);
  await wb.page.keyboard.press('Enter');
  await until(async () => (await wb.quickInput().innerText()).includes('(2/3)'), 'no body input box');
  await wb.typeInQuickInput('Totals are formatted with :.2f so every invoice line has cents.');
  await wb.page.keyboard.press('Enter');
  await wb.quickRows().filter({ hasText: 'Team' }).first().waitFor();
  await wb.screenshot('remember-scope');
  await wb.page.keyboard.press('Enter');
  await wb.notification('remembered the decision').first().waitFor({ timeout: 30_000 });
  await wb.screenshot('remembered');
  const folder = join(workspace, '.lore', 'memories');
  const files = readdirSync(folder);
  const written = files.find((name) => readFileSync(join(folder, name), 'utf8').includes(REMEMBERED));
  if (!written) {
    throw new Error(`no team memory file was written; .lore/memories holds ${files.join(', ')}`);
  }
  await wb.goTo(16, 7);
  await wb.hoverText(REMEMBERED, 45_000);
  return `team file .lore/memories/${written}`;
}

async function feedbackRejectedAndAccepted(wb) {
  await wb.openFile('shop/billing.py');
  await wb.goTo(19, 1);
  // A paste arrives as one multi-line edit, as a completion or an agent's edit does.
  await wb.paste(PROPOSAL.replace('NAME', 'refund_total'), 'refund_total');
  await wb.undo('refund_total');
  // The undone suggestion asks why; one key answers and the picker closes.
  await wb.quickRows().filter({ hasText: 'Wrong library' }).first().waitFor({ timeout: 10_000 });
  await wb.screenshot('feedback-reason');
  await wb.page.keyboard.press('1');
  await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
  await until(() => wb.loreLog().includes('Feedback sent: rejected'), 'no rejected feedback in the Lore log');
  if (!wb.loreLog().includes('with a reason')) {
    throw new Error('the rejection was sent without the reason picked');
  }
  await wb.paste(PROPOSAL.replace('NAME', 'credit_total'), 'credit_total');
  await wb.page.keyboard.press('Control+S');
  await until(() => wb.loreLog().includes('Feedback sent: accepted'), 'no accepted feedback in the Lore log');
  const sent = wb.loreLog().split('\n').filter((line) => line.includes('Feedback sent'));
  return sent.map((line) => line.replace(/^.*Feedback sent: /, '')).join(' | ');
}

async function contextPreview(wb) {
  await wb.openFile('shop/billing.py');
  await wb.runCommand('Lore: Show Context for This File');
  await wb.page.locator('.tabs-container .tab', { hasText: 'Preview billing.py.md' }).waitFor({ timeout: 30_000 });
  const text = await until(() => wb.webviewText('Lore context for shop/billing.py'), 'the context preview never showed the context pack');
  await wb.screenshot('context-preview');
  // Close the preview again: a webview that keeps focus would take the keys of the next steps.
  await wb.runCommand('View: Close All Editor Groups');
  await wb.page.locator('.tabs-container .tab', { hasText: 'Preview billing.py.md' }).waitFor({ state: 'detached' });
  return `preview: ${JSON.stringify(text.trim().split('\n').slice(0, 2).join(' | '))}`;
}

async function reviewPreferences(wb) {
  await wb.openFile('shop/billing.py');
  await wb.runCommand('Lore: Review Learned Preferences');
  const pick = wb.page.locator('.quick-input-widget >> visible=true', { hasText: 'Learned preferences' });
  await pick.waitFor({ timeout: 30_000 });
  const rows = await pick.locator('.monaco-list-row').allInnerTexts();
  await wb.screenshot('preferences');
  await wb.closeQuickInput();
  if (rows.some((row) => row.includes('No preferences learned yet'))) {
    if (!rows.some((row) => row.includes('keep, change or undo'))) {
      throw new Error(`the empty view does not say how learning works: ${JSON.stringify(rows)}`);
    }
    return 'answer: none learned yet, and how learning works';
  }
  return `answer: preferences ${JSON.stringify(rows.map((row) => row.split('\n')[0]))}`;
}

async function forgetRemembered(wb) {
  await wb.runCommand('Lore: Forget Memory…');
  await wb.typeInQuickInput('two decimals invoice lines');
  const row = wb.quickRows().filter({ hasText: REMEMBERED }).first();
  await row.waitFor({ timeout: 30_000 });
  await wb.clickRow(row);
  const dialog = wb.page.locator('.monaco-dialog-box');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
  await wb.notification('Lore forgot').first().waitFor({ timeout: 30_000 });
  const titles = await wb.searchTitles('two decimals invoice lines');
  if (titles.includes(REMEMBERED)) {
    throw new Error(`the forgotten memory is still found: ${JSON.stringify(titles)}`);
  }
  return `search after forgetting: ${JSON.stringify(titles)}`;
}

async function rememberPrivate(wb) {
  await wb.openFile('shop/billing.py');
  await wb.goTo(11, 7);
  await wb.runCommand('Lore: Remember Convention…');
  await wb.quickInput().locator('input').waitFor();
  await wb.typeInQuickInput(CONVENTION);
  await wb.page.keyboard.press('Enter');
  await until(async () => (await wb.quickInput().innerText()).includes('(2/3)'), 'no body input box');
  await wb.typeInQuickInput('apply_discount takes 15 for 15 %, never 0.15.');
  await wb.page.keyboard.press('Enter');
  await wb.typeInQuickInput('Workspace');
  await wb.focusedRow('Workspace').waitFor();
  await wb.page.keyboard.press('Enter');
  await wb.notification('remembered the convention').first().waitFor({ timeout: 30_000 });
  return 'remembered in the workspace scope';
}

async function memoryWithoutFileOpensReadOnly(wb) {
  await wb.runCommand('Lore: Search Memory');
  await wb.typeInQuickInput('discount percentages as whole numbers');
  const row = wb.quickRows().filter({ hasText: CONVENTION }).first();
  await row.waitFor({ timeout: 30_000 });
  await wb.clickRow(row);
  await wb.activeTab('.md').waitFor({ timeout: 20_000 });
  await wb.editorLines().filter({ hasText: CONVENTION }).waitFor({ timeout: 20_000 });
  const label = (await wb.activeTab('.md').innerText()).trim();
  await wb.page.keyboard.type('x');
  await wb.page.locator('.monaco-editor-overlaymessage', { hasText: /read-only/i }).waitFor({ timeout: 10_000 });
  return `opened ${JSON.stringify(label)}, read-only`;
}

async function hoverLink(wb, line, expected, link) {
  await wb.openFile('shop/billing.py');
  await wb.goTo(line, 7);
  await wb.hoverText(expected, 45_000);
  const hover = wb.page.locator('.monaco-hover:not(.hidden)').filter({ hasText: expected }).first();
  await hover.locator('a', { hasText: link }).first().click();
}

async function hoverShowOpensMemoryView(wb) {
  await hoverLink(wb, 11, CONVENTION, 'Show');
  await wb.activeTab('Discount-percentages-are-whole-numbers.md').waitFor({ timeout: 20_000 });
  await until(() => wb.webviewText(CONVENTION), 'the memory view never showed the memory rendered');
  await wb.runCommand('View: Close All Editor Groups');
  return 'the hover\'s Show link opened the memory, rendered';
}

async function hoverSupersedeAsksForReplacement(wb) {
  await hoverLink(wb, 11, CONVENTION, 'Supersede');
  await wb.quickInput().locator('input').waitFor();
  await wb.typeInQuickInput('money decimal');
  const row = wb.quickRows().filter({ hasText: 'Money is summed with Decimal' }).first();
  await row.waitFor({ timeout: 30_000 });
  await wb.clickRow(row);
  await wb.notification('superseded by').first().waitFor({ timeout: 30_000 });
  const titles = await wb.searchTitles('discount percentages as whole numbers');
  if (titles.includes(CONVENTION)) {
    throw new Error(`the superseded memory is still found: ${JSON.stringify(titles)}`);
  }
  return `search after superseding: ${JSON.stringify(titles)}`;
}

/** The pid of the language server started for `workspace` (its cwd), or undefined. */
export function serverPid(workspace) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline.includes('lore') && cmdline.includes('--stdio') && readlinkSync(`/proc/${entry}/cwd`) === workspace) {
        return Number(entry);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

async function crashThenRestart(wb, workspace) {
  const pid = await until(() => serverPid(workspace), 'no language server process for the workspace');
  process.kill(pid, 'SIGKILL');
  await wb.notification('was restarted').first().waitFor({ timeout: 60_000 });
  const again = await until(() => {
    const found = serverPid(workspace);
    return found && found !== pid ? found : false;
  }, 'the server did not restart by itself after a crash', 60_000);
  await wb.screenshot('server-restarted-itself');
  process.kill(again, 'SIGKILL');
  const toast = wb.notification('stopped unexpectedly again');
  await toast.first().waitFor({ timeout: 30_000 });
  await wb.loreStatus().locator('.codicon-error').waitFor();
  await wb.screenshot('server-crashed');
  await wb.loreStatus().click();
  const restart = wb.quickRows().filter({ hasText: 'Restart Lore Server' }).first();
  await restart.waitFor({ timeout: 10_000 });
  await wb.screenshot('status-offers-restart');
  await wb.clickRow(restart);
  const text = await until(async () => {
    const value = (await wb.loreStatus().innerText()).trim();
    return /^Lore [1-9]\d*$/.test(value) ? value : false;
  }, 'the status bar never came back after the restart', 60_000);
  const third = serverPid(workspace);
  if (!third || third === again) {
    throw new Error(`no new server process after the restart (was ${again}, now ${third})`);
  }
  return `server ${pid} killed, restarted by itself as ${again}; killed again, the status item restarted it as ${third}; status bar ${JSON.stringify(text)}`;
}

async function restartCommand(wb, workspace) {
  const before = serverPid(workspace);
  await wb.runCommand('Lore: Restart Server');
  const after = await until(() => {
    const pid = serverPid(workspace);
    return pid && pid !== before ? pid : false;
  }, 'no new server process after "Lore: Restart Server"');
  await wb.loreStatus().locator('.codicon-book').waitFor({ timeout: 60_000 });
  return `server ${before} replaced by ${after}`;
}

async function reindexCommand(wb) {
  await wb.runCommand('Lore: Reindex Workspace');
  await wb.notification('reindexed the workspace').first().waitFor({ timeout: 60_000 });
  return 'reindexed';
}

async function startFailureNotification(wb, workspace) {
  // A workspace setting naming a Python without Lore: the change restarts the server.
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  const command = { 'lore.server.command': [MISSING_SERVER_PYTHON, '-m', 'lore', 'serve'] };
  writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(command, null, 2));
  const toast = wb.notification('could not start');
  await toast.first().waitFor({ timeout: 60_000 });
  await wb.loreStatus().locator('.codicon-error').waitFor();
  const count = await toast.count();
  if (count !== 1) {
    throw new Error(`expected one start-failure notification, saw ${count}`);
  }
  await wb.screenshot('start-failure');
  await wb.restPointer();
  await toast.first().getByRole('button', { name: 'Open Terminal' }).click();
  const terminal = wb.page.locator('.terminal-wrapper .xterm-rows').first();
  const text = await until(async () => {
    const rows = await terminal.innerText();
    return rows.includes('pip install lore-memory') ? rows : false;
  }, 'the terminal never showed the install command', 30_000);
  return `terminal: ${JSON.stringify(text.split('\n').find((row) => row.includes('pip install')).trim())}`;
}

/** Open the quick-fix menu at a one-based position and run the action whose title starts with `title`. */
async function quickFix(wb, line, column, title) {
  await wb.goTo(line, column);
  const row = wb.page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
  await until(async () => {
    await wb.page.keyboard.press('Escape');
    await wb.page.keyboard.press('Control+.');
    await row.waitFor({ timeout: 5_000 });
    return true;
  }, `no code action "${title}"`, 45_000);
  await wb.screenshot(`quick-fix-${title.split(' ')[0].toLowerCase()}`);
  // The menu blocks the pointer until the mouse moves: pick with the keys, as a keyboard user does.
  const focused = wb.page.locator('.action-widget .monaco-list-row.focused', { hasText: title });
  for (let i = 0; i < 12 && (await focused.count()) === 0; i += 1) {
    await wb.page.keyboard.press('ArrowDown');
  }
  await focused.first().waitFor({ timeout: 5_000 });
  await wb.page.keyboard.press('Enter');
}

const squiggles = (wb, severity) => wb.page.locator(`.editor-group-container.active .monaco-editor .squiggly-${severity}`);

async function ruleViolationIsADiagnostic(wb) {
  await wb.openFile('shop/payments.py');
  await squiggles(wb, 'error').first().waitFor({ timeout: 60_000 });
  await squiggles(wb, 'warning').first().waitFor({ timeout: 30_000 });
  await wb.goTo(3, 10);
  const text = await wb.hoverText('We use httpx, not requests.', 45_000);
  if (!text.includes('Use httpx for HTTP')) {
    throw new Error(`the diagnostic does not name the decision: ${JSON.stringify(text)}`);
  }
  await wb.page.keyboard.press('Escape');
  return `hover: ${JSON.stringify(text.split('\n').find((row) => row.includes('httpx')))}`;
}

async function recordExceptionHere(wb, workspace) {
  await wb.openFile('shop/payments.py');
  await quickFix(wb, 8, 6, 'Record an exception here');
  await wb.quickInput().locator('input').waitFor({ timeout: 20_000 });
  await wb.typeInQuickInput('the card id is printed for the support desk until INC-12 is closed');
  await wb.page.keyboard.press('Enter');
  const file = join(workspace, '.lore', 'memories', 'log-dont-print.md');
  await until(() => readFileSync(file, 'utf8').includes('INC-12'), 'the exception was not written to the team file');
  await until(async () => (await squiggles(wb, 'warning').count()) === 0, 'the warning stayed after the exception');
  const entry = readFileSync(file, 'utf8').split('\n').filter((row) => /symbol:|reason:/.test(row)).map((row) => row.trim());
  return `team file: ${JSON.stringify(entry)}`;
}

async function applyTheConvention(wb, workspace) {
  await wb.openFile('shop/payments.py');
  await quickFix(wb, 3, 10, 'Apply the convention');
  // The editor renders spaces as no-break spaces.
  const shown = async () => (await wb.editorLines().innerText()).replace(/\u00a0/g, ' ');
  await until(async () => (await shown()).includes('import httpx'), 'the import was not rewritten');
  await until(async () => (await squiggles(wb, 'error').count()) === 0, 'the error stayed after the fix');
  await wb.page.keyboard.press('Control+S');
  const file = join(workspace, 'shop', 'payments.py');
  const line = await until(() => readFileSync(file, 'utf8').split('\n').find((row) => row.startsWith('import httpx')),
    'the fixed import was not saved');
  return `line 3 on disk: ${JSON.stringify(line)}`;
}

async function guidanceReview(wb) {
  await wb.runCommand('Lore: Review Contradictions and Duplicates');
  const text = await until(() => wb.webviewText('Guidance review:'), 'the guidance review preview never showed');
  await wb.screenshot('guidance-review');
  await wb.runCommand('View: Close All Editor Groups');
  return JSON.stringify(text.split('\n').slice(0, 2).join(' | '));
}

/** Steps in a trusted workspace, as [name, () => note] pairs. */
export function trustedSteps(wb, workspace) {
  return [
    ['status bar shows the memory count', () => statusShowsCount(wb)],
    ['code lens above the anchored function', () => codeLensAboveFunction(wb)],
    ['hover shows the team memory', () => hoverShowsTeamMemory(wb)],
    ['palette search opens the ADR', () => searchOpensAdr(wb)],
    ['remember a decision, then see it in a hover', () => rememberThenHover(wb, workspace)],
    ['feedback: an undone insertion is rejected with a reason in one key, a saved one accepted', () => feedbackRejectedAndAccepted(wb)],
    ['show context for this file in a markdown preview', () => contextPreview(wb)],
    ['review learned preferences answers', () => reviewPreferences(wb)],
    ['forget the remembered decision', () => forgetRemembered(wb)],
    ['remember a convention in the workspace scope', () => rememberPrivate(wb)],
    ['a memory without a file opens read-only', () => memoryWithoutFileOpensReadOnly(wb)],
    ['a hover\'s Show link opens a memory without a file', () => hoverShowOpensMemoryView(wb)],
    ['a hover\'s Supersede link asks for the replacement', () => hoverSupersedeAsksForReplacement(wb)],
    ['a decision\'s rule shows as a diagnostic naming the decision', () => ruleViolationIsADiagnostic(wb)],
    ['"Record an exception here" asks why, writes it, and the diagnostic goes', () => recordExceptionHere(wb, workspace)],
    ['"Apply the convention" fixes the code', () => applyTheConvention(wb, workspace)],
    ['"Lore: Review Contradictions and Duplicates" shows the guidance review', () => guidanceReview(wb)],
    ['a crashed server restarts once by itself; a second crash is reported and the status item restarts it', () => crashThenRestart(wb, workspace)],
    ['"Lore: Restart Server" starts a new server', () => restartCommand(wb, workspace)],
    ['"Lore: Reindex Workspace" reindexes', () => reindexCommand(wb)],
    ['a server that cannot start gives one notification with Open Terminal', () => startFailureNotification(wb, workspace)],
  ];
}

async function untrustedNothingImported(wb) {
  const dialog = wb.page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 60_000 });
  await wb.screenshot('trust-prompt');
  await dialog.getByRole('button', { name: /No, I don't trust/ }).click();
  await wb.loreStatus().locator('.codicon-book').waitFor({ timeout: 90_000 });
  const text = (await wb.loreStatus().innerText()).trim();
  const titles = await wb.searchTitles(ADR_QUERY);
  if (titles.some((title) => title.includes(ADR_TITLE))) {
    throw new Error(`the ADR was imported in an untrusted workspace; search found ${JSON.stringify(titles)}`);
  }
  return `status bar: ${JSON.stringify(text)}; search found ${JSON.stringify(titles)}`;
}

async function grantingTrustImports(wb) {
  await wb.runCommand('Workspaces: Manage Workspace Trust');
  const trust = wb.page.locator('.workspace-trust-editor').getByRole('button', { name: 'Trust', exact: true });
  await trust.first().click();
  const titles = await until(async () => {
    const found = await wb.searchTitles(ADR_QUERY);
    return found.some((title) => title.includes(ADR_TITLE)) ? found : false;
  }, 'the ADR never became searchable after trust was granted', 90_000);
  return `status bar: ${JSON.stringify((await wb.loreStatus().innerText()).trim())}; search found ${JSON.stringify(titles)}`;
}

/** Steps in a workspace the user does not trust: nothing is imported until trust is granted. */
export function untrustedSteps(wb) {
  return [
    ['untrusted workspace: the ADR is not imported', () => untrustedNothingImported(wb)],
    ['granting trust restarts the server, which imports the ADR', () => grantingTrustImports(wb)],
  ];
}

// The real repository session: Jaeger's decision records over Go code at the paths they name
// (tests/fixtures/real_workspace.py builds it).
const READER = 'internal/storage/v2/api/tracestore/reader.go';
const BADGER = 'internal/storage/v1/badger/spanstore/reader.go';
const TEAM_FILE = '.lore/memories/badger-reads-go-through-tracereader.md';
const ADR_013 = 'ADR-013: Storage Capability Declaration';
const ADR_010 = 'ADR-010: Trace Summary API for Lightweight Search Results';
const ADR_005 = 'Badger Storage Record Layouts';
const RAW_MARKDOWN = ['|---', '| ---', '###', '```', '<!--'];

function noRawMarkdown(text, where) {
  const found = RAW_MARKDOWN.filter((mark) => text.includes(mark));
  if (found.length) {
    throw new Error(`${where} shows raw markdown ${JSON.stringify(found)}: ${JSON.stringify(text)}`);
  }
}

async function realLensNamesTheDecision(wb) {
  await wb.openFile(READER);
  const lens = wb.codeLenses().filter({ hasText: `${ADR_013} · +1` }).first();
  await lens.waitFor({ timeout: 90_000 });
  await wb.screenshot('lens');
  return `lens: ${JSON.stringify(await lens.innerText())}`;
}

async function realHoverReadsPlainly(wb) {
  await wb.openFile(READER);
  await wb.goTo(4, 7);
  const text = await wb.hoverText(ADR_013, 45_000);
  await wb.page.waitForTimeout(600); // the hover fades in
  await wb.screenshot('hover');
  if (!text.startsWith('Lore')) {
    throw new Error(`the hover does not start with the Lore header: ${JSON.stringify(text.slice(0, 80))}`);
  }
  for (const expected of ['names tracestore.Reader', 'A backend declares its own capabilities', ADR_010, '013-storage-capability-decl']) {
    if (!text.includes(expected)) {
      throw new Error(`the hover lacks ${JSON.stringify(expected)}: ${JSON.stringify(text)}`);
    }
  }
  noRawMarkdown(text, 'the hover');
  await wb.page.keyboard.press('Escape');
  return `hover: ${JSON.stringify(text.split('\n').slice(0, 4).join(' | '))}`;
}

async function realLensOpensRenderedView(wb) {
  await wb.openFile(READER);
  await wb.codeLenses().locator('a', { hasText: ADR_013 }).first().click();
  await wb.quickRows().filter({ hasText: ADR_010 }).first().waitFor({ timeout: 20_000 });
  await wb.screenshot('lens-pick');
  await wb.clickRow(wb.quickRows().filter({ hasText: ADR_013 }).first());
  const text = await until(() => wb.webviewText('A backend declares'), 'the lens never opened the memory rendered', 30_000);
  await wb.screenshot('lens-view');
  if (/^(id|anchors|status):/m.test(text) || text.includes('---\n')) {
    throw new Error(`the lens view shows front matter: ${JSON.stringify(text.slice(0, 300))}`);
  }
  // "Applies to:" is one line, or a list of places (with where each came from) under it.
  const start = text.indexOf('Applies to:');
  const applies = start < 0 ? '' : text.slice(start, text.indexOf('Source:', start) >>> 0);
  if (!applies.includes('Reader in internal/storage/v2/api/tracestore/reader.go') || /symbol:|\]\(/.test(text)) {
    throw new Error(`the lens view shows anchor or link syntax, not places: ${JSON.stringify(applies || text.slice(-400))}`);
  }
  await wb.runCommand('View: Close All Editor Groups');
  return `view: ${JSON.stringify(text.trim().split('\n').slice(0, 2).join(' | '))}`;
}

async function realSearchStartsWithTheFile(wb) {
  await wb.openFile(BADGER);
  await wb.runCommand('Lore: Search Memory');
  await wb.quickRows().filter({ hasText: ADR_005 }).first().waitFor({ timeout: 30_000 });
  const before = await wb.quickRows().evaluateAll((rows) => rows.map((row) => row.innerText.replace(/\s+/g, ' ').trim()));
  await wb.screenshot('search-this-file');
  if (!before.some((row) => row.includes('governs this file'))) {
    throw new Error(`the file's memories do not say why: ${JSON.stringify(before)}`);
  }
  await wb.typeInQuickInput('badger record layout keys');
  const row = wb.quickRows().filter({ hasText: 'The record layouts' }).first();
  await row.waitFor({ timeout: 30_000 });
  await wb.screenshot('search');
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  if (text.indexOf('The record layouts') > text.indexOf('005-badger')) {
    throw new Error(`the path comes before the summary: ${JSON.stringify(text)}`);
  }
  await wb.closeQuickInput();
  return `before typing: ${before.length} memories of the file; after: ${JSON.stringify(text.slice(0, 120))}`;
}

async function realContext(wb) {
  await wb.openFile(READER);
  await wb.runCommand('Lore: Show Context for This File');
  const text = await until(() => wb.webviewText('Lore context for'), 'the context preview never showed', 60_000);
  await wb.screenshot('context');
  await wb.runCommand('View: Close All Editor Groups');
  return `context: ${JSON.stringify(text.trim().split('\n').slice(0, 3).join(' | '))}`;
}

const TEAM_TITLE = 'Badger reads go through TraceReader';

async function realHoverAction(wb, link) {
  await wb.openFile(BADGER);
  await wb.goTo(4, 7);
  await wb.hoverText(TEAM_TITLE, 45_000);
  const hover = wb.page.locator('.monaco-hover:not(.hidden)').filter({ hasText: TEAM_TITLE }).first();
  // the team convention's own card (ADR-013's card comes first: decisions before conventions)
  const card = hover.locator('p').filter({ hasText: TEAM_TITLE }).first();
  await card.locator('a', { hasText: link }).first().click();
}

async function realForgetAsksAndUndoes(wb) {
  await realHoverAction(wb, 'Forget');
  const dialog = wb.page.locator('.monaco-dialog-box');
  await dialog.filter({ hasText: `Forget “${TEAM_TITLE}”?` }).waitFor({ timeout: 20_000 });
  await wb.screenshot('forget-confirm');
  await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
  const toast = wb.notification(`Lore forgot “${TEAM_TITLE}”`).first();
  await toast.waitFor({ timeout: 30_000 });
  await wb.screenshot('forgot-undo');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await wb.notification(`Lore restored “${TEAM_TITLE}”`).first().waitFor({ timeout: 30_000 });
  return 'asked first, named the team memory, undone';
}

async function realNotRelevantUndoes(wb) {
  await realHoverAction(wb, 'Not relevant here');
  const toast = wb.notification(`Lore will not show “${TEAM_TITLE}” at TraceReader again`).first();
  await toast.waitFor({ timeout: 30_000 });
  await wb.screenshot('not-relevant');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await wb.notification(`Lore shows “${TEAM_TITLE}” here again`).first().waitFor({ timeout: 30_000 });
  await wb.goTo(4, 7);
  await wb.hoverText(TEAM_TITLE, 30_000);
  await wb.page.keyboard.press('Escape');
  return 'hidden at TraceReader, then shown again';
}

async function realRenameWithoutSaving(wb, workspace) {
  const team = join(workspace, TEAM_FILE);
  const before = readFileSync(team, 'utf8');
  await wb.openFile(BADGER);
  await wb.goTo(4, 7);
  // Every occurrence of the word at the cursor selected (Ctrl+F2), then typed over: a rename in the
  // buffer, as a rename refactoring leaves it.
  await wb.page.keyboard.press('Control+F2');
  await wb.page.keyboard.type('BadgerReader');
  await wb.editorLines().filter({ hasText: 'type BadgerReader struct' }).waitFor({ timeout: 10_000 });
  await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ timeout: 5_000 });
  await wb.page.waitForTimeout(3_000);
  await wb.screenshot('renamed-unsaved');
  if (readFileSync(team, 'utf8') !== before) {
    throw new Error('an unsaved rename rewrote the team file');
  }
  await wb.page.keyboard.press('Control+S');
  await until(() => readFileSync(team, 'utf8').includes('symbol:go:BadgerReader'), 'the anchor did not follow the saved rename', 30_000);
  return 'unsaved: team file untouched; saved: its anchor follows';
}

const WRITER = 'internal/storage/v1/cassandra/spanstore/writer.go';

async function realAnchorFromTheCode(wb) {
  await wb.openFile(WRITER);
  const title = `Anchor “${ADR_013}” to SpanWriter`;
  await quickFix(wb, 4, 7, title);
  const toast = wb.notification(`Lore anchored “${ADR_013}” to SpanWriter`).first();
  await toast.waitFor({ timeout: 30_000 });
  const lens = wb.codeLenses().filter({ hasText: ADR_013 }).first();
  await lens.waitFor({ timeout: 30_000 });
  await wb.screenshot('anchored-from-the-code');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await wb.notification(`Lore took back the anchor of “${ADR_013}”`).first().waitFor({ timeout: 30_000 });
  await until(async () => (await wb.codeLenses().filter({ hasText: ADR_013 }).count()) === 0,
    'the lens stayed after the anchor was taken back', 30_000);
  return `offered "${title}"; the lens came, and went with Undo`;
}

/** Steps on a real repository's decision records. */
export function realSteps(wb, workspace) {
  return [
    ['real repository: the status bar shows the imported records', () => statusShowsCount(wb)],
    ['real repository: the lens names the decision', () => realLensNamesTheDecision(wb)],
    ['real repository: the hover has the Lore header and plain sentences', () => realHoverReadsPlainly(wb)],
    ['real repository: a lens click opens the memory rendered', () => realLensOpensRenderedView(wb)],
    ['real repository: search starts with the file\'s memories and shows why', () => realSearchStartsWithTheFile(wb)],
    ['real repository: context for this file', () => realContext(wb)],
    ['real repository: Forget asks first, names it and undoes', () => realForgetAsksAndUndoes(wb)],
    ['real repository: Not relevant here says so and undoes', () => realNotRelevantUndoes(wb)],
    ['real repository: a record offered by meaning is anchored from the code, and taken back', () => realAnchorFromTheCode(wb)],
    ['real repository: a rename without saving leaves the team file untouched', () => realRenameWithoutSaving(wb, workspace)],
  ];
}
