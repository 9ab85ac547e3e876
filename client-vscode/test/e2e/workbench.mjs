// Playwright helpers for the VS Code workbench running in code-server: the command palette, quick
// open, go-to-line, hovers, code lenses, the status bar and notifications, plus screenshots.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const QUICK_INPUT = '.quick-input-widget';

export class Workbench {
  constructor(page, artifacts, logs, prefix) {
    this.page = page;
    this.artifacts = artifacts;
    this.logs = logs;
    this.prefix = prefix;
    this.shots = 0;
    mkdirSync(artifacts, { recursive: true });
  }

  /** Save a numbered screenshot named after the step. */
  async screenshot(name) {
    this.shots += 1;
    const file = join(this.artifacts, `${this.prefix}-${String(this.shots).padStart(2, '0')}-${name}.png`);
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

  /**
   * Pick a quick input row with the mouse, near its left edge: a truncated description in the
   * middle of the row grows a tooltip once the pointer rests on it, and that tooltip takes the
   * click (a loaded machine waits long enough for it to show).
   */
  async clickRow(row) {
    await row.click({ position: { x: 12, y: 8 } });
  }

  /**
   * Click the empty part of the explorer, so neither the pointer nor the focus stays on what was
   * last clicked: a focused status item keeps its tooltip (the server's error) open over the
   * notifications, and that tooltip takes the next click.
   */
  async restPointer() {
    await this.page.mouse.click(150, 600);
    await this.page.locator('.context-view .hover-contents').first()
      .waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
  }

  /** The highlighted row of the open quick input, once it shows `text` (Enter picks it). */
  focusedRow(text) {
    return this.quickInput().locator('.monaco-list-row.focused', { hasText: text });
  }

  /**
   * Open the quick input with `key` (F1, Control+P, Control+G) and fill it with `text`.
   *
   * An editor that finishes opening just then can take the focus and close the quick input, and a
   * webview or hover that holds the focus can keep the key from the workbench: give the focus back
   * to the workbench and try again, three times at most.
   */
  async openQuickInput(key, text) {
    for (let attempt = 1; ; attempt++) {
      await this.closeQuickInput();
      if (attempt > 1) {
        await this.page.evaluate(() => document.activeElement?.blur());
      }
      await this.page.keyboard.press(key);
      try {
        await this.quickInput().waitFor({ state: 'visible', timeout: 10_000 });
        await this.quickInput().locator('input').fill(text, { timeout: 5_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Run a command from the palette by its title ("Lore: Search Memory"). */
  async runCommand(title) {
    await this.openQuickInput('F1', `>${title}`);
    await this.focusedRow(title).waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
  }

  /** Run "Lore: Search Memory" for `query` and return the result titles, then close the pick. */
  async searchTitles(query) {
    await this.runCommand('Lore: Search Memory');
    await this.typeInQuickInput(query);
    const input = this.quickInput();
    await input.locator('.quick-input-progress-bar').waitFor({ state: 'hidden' }).catch(() => undefined);
    await this.page.waitForTimeout(1_000);
    await input.locator('.quick-input-progress-bar').waitFor({ state: 'hidden' }).catch(() => undefined);
    const titles = await this.quickRows().evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('.label-name')?.textContent ?? '').trim()),
    );
    await this.closeQuickInput();
    return titles;
  }

  /** Open a workspace file by its relative path with quick open. */
  async openFile(relativePath) {
    await this.openQuickInput('Control+P', relativePath);
    const name = relativePath.split('/').pop();
    const folder = relativePath.split('/').slice(0, -1).join('/');
    if (folder) {
      // Several files may share the name (reader.go): pick the row of this folder.
      const row = this.quickRows().filter({ hasText: name }).filter({ hasText: folder }).first();
      await row.waitFor({ timeout: 20_000 });
      await row.click();
    } else {
      await this.focusedRow(name).waitFor({ timeout: 20_000 });
      await this.page.keyboard.press('Enter');
    }
    await this.activeTab(name).waitFor({ timeout: 20_000 });
    await this.page.locator('.monaco-editor .view-lines').first().waitFor();
  }

  /** The active editor tab with this label. */
  activeTab(label) {
    return this.page.locator('.editor-group-container.active .tabs-container .tab.active', { hasText: label });
  }

  /** Put the cursor at a one-based line and column with "Go to Line". */
  async goTo(line, column) {
    await this.openQuickInput('Control+G', `:${line}:${column}`);
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

  /** The visible lines of the active editor. */
  editorLines() {
    return this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  }

  /** Paste text at the cursor through the clipboard; resolves once `marker` shows in the editor. */
  async paste(text, marker) {
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.page.keyboard.press('Control+V');
    await this.editorLines().filter({ hasText: marker }).waitFor({ timeout: 10_000 });
  }

  /** Undo; resolves once `marker` no longer shows in the editor. */
  async undo(marker) {
    await this.page.keyboard.press('Control+Z');
    await this.editorLines().filter({ hasText: marker }).waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** The text of the first webview frame (a markdown preview) containing `text`, or ''. */
  async webviewText(text) {
    for (const frame of this.page.frames()) {
      const body = await frame.locator('body').innerText({ timeout: 1_000 }).catch(() => '');
      if (body.includes(text)) {
        return body;
      }
    }
    return '';
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

  /** The Lore output channel's log file (newest session), or '' before it exists. */
  loreLog() {
    if (!existsSync(this.logs)) {
      return '';
    }
    for (const session of readdirSync(this.logs).sort().reverse()) {
      const file = join(this.logs, session, 'exthost1', 'lore.lore-vscode', 'Lore.log');
      if (existsSync(file)) {
        return readFileSync(file, 'utf8');
      }
    }
    return '';
  }
}
