/**
 * Asking why a large suggestion was undone, without VS Code: when the capture reports a rejection,
 * a one-keystroke prompt offers a few reasons and the answer goes out with the rejection
 * (`lore.feedback` `reason`). The prompt never holds anything up for long: dismissed, ignored
 * until the timeout, or answered with a key that is no choice, the rejection goes out without a
 * reason, as it would with `lore.feedback.askReason` off. The editor side (`ReasonUi`) is passed
 * in, so this is unit-tested with fakes.
 */

import { isLargeInsertion } from './feedbackHeuristics';
import type { FeedbackArgs } from './protocol';

/** One entry of the prompt: the key that picks it, and the reason it sends. */
export interface ReasonChoice {
  key: string;
  label: string;
  description?: string;
  /** `reason`: send `reason`; `other`: ask for the words; `skip`: send none. */
  kind: 'reason' | 'other' | 'skip';
  reason?: string;
}

/** Skip comes first so that Enter, pressed out of habit, records nothing. */
export const REASON_CHOICES: ReasonChoice[] = [
  { key: '0', label: '0  Skip', description: 'Enter or Esc too', kind: 'skip' },
  { key: '1', label: '1  Wrong library', kind: 'reason', reason: 'wrong library' },
  { key: '2', label: '2  Wrong style', kind: 'reason', reason: 'wrong style' },
  { key: '3', label: '3  Not what I asked', kind: 'reason', reason: 'not what I asked' },
  { key: '4', label: '4  Other…', description: 'type it, e.g. "prefer httpx over requests"', kind: 'other' },
];

/** What the picker saw: a choice, or text typed that picks none (it belongs to the editor). */
export interface PickResult {
  choice?: ReasonChoice;
  typed?: string;
}

/** What the prompt needs from the editor; `signal` aborts when the time is up (close the UI). */
export interface ReasonUi {
  pick(choices: readonly ReasonChoice[], signal: AbortSignal): Promise<PickResult>;
  input(signal: AbortSignal): Promise<string | undefined>;
  /** Give keystrokes the picker caught back to the editor. */
  replay(text: string): void;
}

export interface ReasonOptions {
  /** The picker closes by itself after this long. */
  pickTimeoutMs: number;
  /** The box for "Other…" closes by itself after this long. */
  inputTimeoutMs: number;
}

export const DEFAULT_REASON_OPTIONS: ReasonOptions = { pickTimeoutMs: 10_000, inputTimeoutMs: 60_000 };

/** The choice a single typed key selects (case-insensitive), if any. */
export function choiceForKey(typed: string, choices: readonly ReasonChoice[] = REASON_CHOICES): ReasonChoice | undefined {
  const key = typed.trim().toLowerCase();
  return key.length === 1 ? choices.find((choice) => choice.key.toLowerCase() === key) : undefined;
}

/** Run `show` with a signal that aborts after `ms`; the timeout answers `fallback`. */
async function withTimeout<T>(ms: number, fallback: T, show: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([show(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ask for a reason; undefined when none was given. */
export async function askReason(ui: ReasonUi, options: ReasonOptions = DEFAULT_REASON_OPTIONS): Promise<string | undefined> {
  const picked = await withTimeout<PickResult>(options.pickTimeoutMs, {}, (signal) => ui.pick(REASON_CHOICES, signal));
  if (!picked.choice) {
    if (picked.typed) {
      ui.replay(picked.typed);
    }
    return undefined;
  }
  if (picked.choice.kind === 'reason') {
    return picked.choice.reason;
  }
  if (picked.choice.kind === 'other') {
    const text = await withTimeout<string | undefined>(options.inputTimeoutMs, undefined, (signal) => ui.input(signal));
    return text?.trim() || undefined;
  }
  return undefined;
}

/**
 * Sends feedback events, asking for a reason first when a large suggestion was rejected and the
 * setting allows it. One prompt at a time: rejections while one is open go out without a reason.
 */
export class RejectionReasons {
  private asking = false;

  constructor(
    private readonly ui: ReasonUi,
    private readonly askEnabled: () => boolean,
    private readonly send: (args: FeedbackArgs) => void,
    private readonly options: ReasonOptions = DEFAULT_REASON_OPTIONS,
  ) {}

  /** Whether `args` would get a prompt now. */
  wantsReason(args: FeedbackArgs): boolean {
    return args.outcome === 'rejected' && !args.reason && !this.asking && this.askEnabled() && isLargeInsertion(args.proposedText);
  }

  /** Send `args`, with a reason when one is asked for and given; never throws. */
  async deliver(args: FeedbackArgs): Promise<void> {
    if (!this.wantsReason(args)) {
      this.send(args);
      return;
    }
    this.asking = true;
    let reason: string | undefined;
    try {
      reason = await askReason(this.ui, this.options);
    } catch {
      reason = undefined;
    } finally {
      this.asking = false;
    }
    this.send(reason ? { ...args, reason } : args);
  }
}
