/** The last lines a server process wrote to stderr, read to the end when it fails. */

import type { ChildProcess } from 'node:child_process';

/**
 * Keeps the last `keep` stderr lines of a child process. A process that exits at once (no Lore
 * installed for this Python) can be seen to fail before its stderr has been read; `read` waits
 * until its streams are closed, or at most `waitMs`, so the cause is in the tail it returns.
 */
export class ServerStderr {
  private readonly lines: string[] = [];
  private readonly closed: Promise<void>;

  constructor(child: ChildProcess, private readonly keep = 30) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.lines.splice(0, Math.max(0, this.lines.length - this.keep));
    });
    this.closed = new Promise((resolve) => {
      child.once('close', () => resolve());
      child.once('error', () => resolve());
    });
  }

  /** The tail as read so far. */
  get tail(): string[] {
    return [...this.lines];
  }

  /** The tail once the process's streams are closed, or after `waitMs`, whichever comes first. */
  async read(waitMs: number): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([this.closed, timeout]);
    clearTimeout(timer);
    return this.tail;
  }
}
