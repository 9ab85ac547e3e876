// Playwright helpers for the VS Code workbench running in code-server: the command palette, quick
// open, go-to-line, hovers, code lenses, the status bar and notifications, plus screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const QUICK_INPUT = '.quick-input-widget';

export class Workbench {
  constructor(page, artifacts) {
    this.page = page;
    this.artifacts = artifacts;
    this.shots = 0;
    mkdirSync(artifacts, { recursive: true });
  }

  /** Save a numbered screenshot named after the step. */
  async screenshot(name) {
    this.shots += 1;
    const file = join(this.artifacts, `${String(this.shots).padStart(2, '0')}-${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** Open the workbench and wait until it has rendered its status bar. */
  async open(url) {
    await this.page.goto(url);
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    await this.page.locator('.statusbar').waitFor({ timeout: 60_000 });
  }

  quickInput() {
    return this.page.locator(QUICK_INPUT);
  }

  async closeQuickInput() {
    if (await this.quickInput().isVisible()) {
      await this.page.keyboard.press('Escape');
      await this.quickInput().waitFor({ state: 'hidden' });
    }
  }

  /** Type into the open quick input, replacing what is there. */
  async typeInQuickInput(text) {
    const input = this.quickInput().locator('input');
    await input.fill(text);
  }

  /** The rows of the open quick input. */
  quickRows() {
    return this.quickInput().locator('.monaco-list-row');
  }

  /** The highlighted row of the open quick input, once it shows `text` (Enter picks it). */
  focusedRow(text) {
    return this.quickInput().locator('.monaco-list-row.focused', { hasText: text });
  }

  /** Run a command from the palette by its title ("Lore: Search Memory"). */
  async runCommand(title) {
    await this.closeQuickInput();
    await this.page.keyboard.press('F1');
    await this.quickInput().waitFor({ state: 'visible' });
    await this.typeInQuickInput(`>${title}`);
    await this.focusedRow(title).waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
  }

  /** Open a workspace file by its relative path with quick open. */
  async openFile(relativePath) {
    await this.closeQuickInput();
    await this.page.keyboard.press('Control+P');
    await this.quickInput().waitFor({ state: 'visible' });
    await this.typeInQuickInput(relativePath);
    const name = relativePath.split('/').pop();
    await this.focusedRow(name).waitFor({ timeout: 20_000 });
    await this.page.keyboard.press('Enter');
    await this.activeTab(name).waitFor({ timeout: 20_000 });
    await this.page.locator('.monaco-editor .view-lines').first().waitFor();
  }

  /** The active editor tab with this label. */
  activeTab(label) {
    return this.page.locator('.tabs-container .tab.active', { hasText: label });
  }

  /** Put the cursor at a one-based line and column with "Go to Line". */
  async goTo(line, column) {
    await this.closeQuickInput();
    await this.page.keyboard.press('Control+G');
    await this.quickInput().waitFor({ state: 'visible' });
    await this.typeInQuickInput(`:${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await this.quickInput().waitFor({ state: 'hidden' });
  }

  /** Show the hover at the cursor and return its text once it contains `expected`. */
  async hoverText(expected, timeoutMs = 30_000) {
    const hover = this.page.locator('.monaco-hover:not(.hidden)').filter({ hasText: expected });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await this.runCommand('Show or Focus Hover');
      try {
        await hover.first().waitFor({ timeout: 5_000 });
        return await hover.first().innerText();
      } catch {
        await this.page.keyboard.press('Escape');
      }
    }
    const shown = await this.page.locator('.monaco-hover:not(.hidden)').allInnerTexts();
    throw new Error(`no hover containing ${JSON.stringify(expected)}; hovers shown: ${JSON.stringify(shown)}`);
  }

  /** Paste text at the cursor through the clipboard. */
  async paste(text) {
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.page.keyboard.press('Control+V');
  }

  /** Code lens texts in the visible editor. */
  codeLenses() {
    return this.page.locator('.monaco-editor .codelens-decoration');
  }

  /** The Lore status bar item. */
  loreStatus() {
    return this.page.locator('.statusbar-item', { hasText: /Lore/ }).first();
  }

  /** Notification toasts containing `text`. */
  notification(text) {
    return this.page.locator('.notification-toast', { hasText: text });
  }
}
