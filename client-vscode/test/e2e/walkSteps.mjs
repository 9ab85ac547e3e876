// The editor walkthrough's VS Code half (bench/editor_walkthrough.py runs it, never CI): a real
// repository checked out whole and imported beforehand, opened in place. For each file of the plan
// (LORE_E2E_WALK_PLAN, a JSON file: { files: [{ file, lines, hovers: [[row, col, name]] }] }, rows
// 1-based, columns 0-based) it records what a person sees and screenshots it: the code lenses
// (scrolling through the file, as lenses are drawn only where the editor shows lines), the hover at
// each planned place, and what clicking each lens opens. The texts go to walk.json in the artifacts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from './steps.mjs';

const PAGE = 30;

/** The memory title a lens names: its first lens without "This file:", the kind mark, "· +N" and "…". */
export function lensTitle(text) {
  const first = text.split(' | ')[0];
  return first.replace(/^This file:\s*/, '').replace(/^[^\p{L}\p{N}]+/u, '').replace(/\s+·\s+\+\d+\s*$/, '')
    .replace(/…$/, '').trim();
}

/** The lens texts drawn now, one per line of lenses, several lenses on a line joined with " | ". */
async function visibleLenses(wb) {
  const texts = await wb.codeLenses().allInnerTexts();
  return texts.map((text) => text.replace(/\s*\u00a0\|\u00a0\s*/g, ' | ').trim()).filter(Boolean);
}

/** Wait until the server has computed the file's meaning matches (its log says so), or 90 s. */
async function semanticReady(wb, rel) {
  return until(() => wb.loreLog().includes(`semantic matches for ${rel}:`), `no meaning matches for ${rel}`, 90_000)
    .then(() => true, () => false);
}

/** Lens texts a person meets scrolling through the file top to bottom, each with the line it was seen from. */
async function lensesThroughFile(wb, entry) {
  const seen = new Map();
  for (let line = 1; line <= Math.max(entry.lines, 1); line += PAGE) {
    await wb.goTo(line, 1);
    await wb.page.waitForTimeout(400);
    for (const text of await visibleLenses(wb)) {
      if (!seen.has(text)) {
        seen.set(text, line);
      }
    }
  }
  return [...seen].map(([text, from]) => ({ text, from }));
}

/** The hover at a place: its text once it shows, or null when nothing shows within a few seconds
 * (the screenshot is taken either way). */
async function hoverAt(wb, row, col, shot) {
  await wb.goTo(row, col + 1);
  await wb.runCommand('Show or Focus Hover');
  const hover = wb.page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ }).filter({ hasNotText: /^Loading/ });
  let text = null;
  try {
    await hover.first().waitFor({ timeout: 6_000 });
    await wb.page.waitForTimeout(600); // the hover fades in
    text = await hover.first().innerText();
  } catch {
    // Nothing to show here.
  }
  await wb.screenshot(text ? shot : `${shot}-nothing`);
  await wb.page.keyboard.press('Escape');
  return text;
}

/** Click the lens with this text (the editor scrolled to where it was seen); what it opens. */
async function clickLens(wb, entry, lens, shot) {
  await wb.openFile(entry.file);
  await wb.goTo(lens.from, 1);
  await wb.page.waitForTimeout(400);
  await wb.codeLenses().filter({ hasText: lens.text }).first().locator('a').first().click();
  const title = lensTitle(lens.text);
  const probe = title.slice(0, 30).trim();
  const opened = { lens: lens.text, picked: null, offered: null, view: null };
  const pick = await wb.quickInput().waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
  if (pick) {
    opened.offered = (await wb.quickRows().allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
    await wb.screenshot(`${shot}-pick`);
    const row = wb.quickRows().filter({ hasText: probe }).first();
    opened.picked = (await row.innerText()).replace(/\s+/g, ' ').trim();
    await wb.clickRow(row);
  }
  opened.view = await until(() => wb.webviewText(probe), `the lens never opened "${title}"`, 30_000).catch(() => null);
  await wb.page.waitForTimeout(500);
  await wb.screenshot(shot);
  await wb.runCommand('View: Close All Editor Groups');
  return opened;
}

async function walkFile(wb, entry, index, record) {
  const tag = `f${index + 1}`;
  await wb.openFile(entry.file);
  const seen = { file: entry.file, semantic: await semanticReady(wb, entry.file), hovers: [], clicks: [] };
  record.files.push(seen);
  await wb.page.waitForTimeout(2_000); // lenses are asked again once the meaning matches are in
  await wb.goTo(1, 1);
  await wb.page.waitForTimeout(1_000);
  await wb.screenshot(`${tag}-top`);
  seen.lenses = await lensesThroughFile(wb, entry);
  for (const [row, col, name] of entry.hovers) {
    const text = await hoverAt(wb, row, col, `${tag}-hover-${name}`.replace(/\W+/g, '-'));
    seen.hovers.push({ row, col, name, text });
  }
  for (const [n, lens] of seen.lenses.entries()) {
    seen.clicks.push(await clickLens(wb, entry, lens, `${tag}-lens-${n + 1}-view`));
  }
  return `${entry.file}: ${seen.lenses.length} lens(es), ${seen.hovers.filter((h) => h.text).length}/${seen.hovers.length} hovers with text`;
}

/** Steps of the walkthrough session: one per file, each writing walk.json as it goes. */
export function walkSteps(wb) {
  const plan = JSON.parse(readFileSync(process.env.LORE_E2E_WALK_PLAN, 'utf8'));
  const record = { files: [] };
  const save = () => writeFileSync(join(wb.artifacts, 'walk.json'), JSON.stringify(record, null, 2));
  return [
    ['walkthrough: the server is ready', async () => {
      const text = await until(async () => {
        const value = (await wb.loreStatus().innerText()).trim();
        return /^Lore \d+/.test(value) ? value : false;
      }, 'the Lore status bar item never showed a count', 300_000);
      record.status = text;
      save();
      return `status bar: ${JSON.stringify(text)}`;
    }],
    ...plan.files.map((entry, index) => [`walkthrough: ${entry.file}`, async () => {
      try {
        return await walkFile(wb, entry, index, record);
      } finally {
        save();
      }
    }]),
  ];
}
