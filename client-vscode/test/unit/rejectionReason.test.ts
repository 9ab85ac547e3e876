import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { FeedbackArgs } from '../../src/protocol';
import { choiceForKey, REASON_CHOICES, RejectionReasons, type PickResult, type ReasonUi } from '../../src/rejectionReason';

const LARGE = 'import requests\n\ndef fetch(url):\n    return requests.get(url).json()\n';

function event(overrides: Partial<FeedbackArgs> = {}): FeedbackArgs {
  return {
    uri: 'file:///w/app.py',
    languageId: 'python',
    range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
    proposedText: LARGE,
    outcome: 'rejected',
    origin: 'inline-completion',
    ...overrides,
  };
}

const never = <T>(signal: AbortSignal) => new Promise<T>((resolve) => signal.addEventListener('abort', () => resolve(undefined as T)));

/** A fake editor: the picker answers with `picked` (a key typed, or 'hang' to wait for the timeout). */
function harness(picked: string | undefined | 'hang', typedReason?: string, ask = true) {
  const sent: FeedbackArgs[] = [];
  const replayed: string[] = [];
  const prompts: string[] = [];
  let aborted = false;
  const ui: ReasonUi = {
    pick: async (choices, signal) => {
      prompts.push('pick');
      signal.addEventListener('abort', () => void (aborted = true));
      if (picked === 'hang') {
        return never<PickResult>(signal);
      }
      if (picked === undefined) {
        return {};
      }
      const choice = choiceForKey(picked, choices);
      return choice ? { choice } : { typed: picked };
    },
    input: async (signal) => {
      prompts.push('input');
      return typedReason === 'hang' ? never<string | undefined>(signal) : typedReason;
    },
    replay: (text) => void replayed.push(text),
  };
  const reasons = new RejectionReasons(ui, () => ask, (args) => void sent.push(args), { pickTimeoutMs: 20, inputTimeoutMs: 20 });
  return { sent, replayed, prompts, reasons, aborted: () => aborted };
}

describe('RejectionReasons', () => {
  it('a reason picked with one key goes out with the rejection', async () => {
    const h = harness('1');
    await h.reasons.deliver(event());
    assert.deepEqual(h.sent, [event({ reason: 'wrong library' })]);
  });

  it('dismissed: the rejection goes out without a reason', async () => {
    const h = harness(undefined);
    await h.reasons.deliver(event());
    assert.deepEqual(h.sent, [event()]);
    assert.equal('reason' in h.sent[0], false);
  });

  it('skip sends no reason', async () => {
    const h = harness('0');
    await h.reasons.deliver(event());
    assert.deepEqual(h.sent, [event()]);
  });

  it('ignored until the timeout: the picker is closed and no reason is sent', async () => {
    const h = harness('hang');
    await h.reasons.deliver(event());
    assert.deepEqual(h.sent, [event()]);
    assert.ok(h.aborted(), 'the picker was told to close');
  });

  it('a key that picks nothing goes back to the editor and no reason is sent', async () => {
    const h = harness('x');
    await h.reasons.deliver(event());
    assert.deepEqual(h.replayed, ['x']);
    assert.deepEqual(h.sent, [event()]);
  });

  it('"Other…" sends the words typed, trimmed', async () => {
    const h = harness('4', '  prefer httpx over requests ');
    await h.reasons.deliver(event());
    assert.deepEqual(h.prompts, ['pick', 'input']);
    assert.deepEqual(h.sent, [event({ reason: 'prefer httpx over requests' })]);
  });

  it('"Other…" left empty, dismissed or ignored sends no reason', async () => {
    for (const typed of [undefined, '   ', 'hang']) {
      const h = harness('4', typed);
      await h.reasons.deliver(event());
      assert.deepEqual(h.sent, [event()], String(typed));
    }
  });

  it('setting off: no prompt, sent as before', async () => {
    const h = harness('1', undefined, false);
    await h.reasons.deliver(event());
    assert.deepEqual(h.prompts, []);
    assert.deepEqual(h.sent, [event()]);
  });

  it('only rejections of large insertions ask', async () => {
    const h = harness('1');
    await h.reasons.deliver(event({ outcome: 'accepted' }));
    await h.reasons.deliver(event({ outcome: 'modified', finalText: 'x' }));
    await h.reasons.deliver(event({ proposedText: 'a\nb\nc' }));
    assert.deepEqual(h.prompts, []);
    assert.deepEqual(h.sent.map((args) => args.reason), [undefined, undefined, undefined]);
  });

  it('one prompt at a time: a rejection while it is open goes out at once without a reason', async () => {
    const h = harness('2');
    const first = h.reasons.deliver(event());
    await h.reasons.deliver(event({ uri: 'file:///w/other.py' }));
    assert.deepEqual(h.sent.map((args) => [args.uri, args.reason]), [['file:///w/other.py', undefined]]);
    await first;
    assert.deepEqual(h.sent[1], event({ reason: 'wrong style' }));
    assert.deepEqual(h.prompts, ['pick']);
  });

  it('a failing picker still sends the rejection', async () => {
    const sent: FeedbackArgs[] = [];
    const ui: ReasonUi = { pick: async () => Promise.reject(new Error('no window')), input: async () => undefined, replay: () => undefined };
    await new RejectionReasons(ui, () => true, (args) => void sent.push(args)).deliver(event());
    assert.deepEqual(sent, [event()]);
  });
});

describe('choiceForKey', () => {
  it('picks by a single key, nothing for longer text or unknown keys', () => {
    assert.equal(choiceForKey('3')?.reason, 'not what I asked');
    assert.equal(choiceForKey('4')?.kind, 'other');
    assert.equal(choiceForKey('12'), undefined);
    assert.equal(choiceForKey('q'), undefined);
    assert.equal(choiceForKey(''), undefined);
  });
  it('skip comes first, so Enter records nothing', () => assert.equal(REASON_CHOICES[0].kind, 'skip'));
});
