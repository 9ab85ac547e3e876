import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  applyToCandidate,
  Candidate,
  DEFAULT_TRACKER_OPTIONS,
  InsertionTracker,
  isLargeInsertion,
  TextChange,
} from '../../src/feedbackHeuristics';

const PROPOSAL = 'def total(items):\n    result = 0\n    for item in items:\n        result += item.price\n    return result\n';

/** A tiny document model: applies TextChanges to a string the way VS Code reports them. */
class Doc {
  constructor(public text: string) {}
  apply(change: TextChange): TextChange {
    this.text = this.text.slice(0, change.offset) + change.text + this.text.slice(change.offset + change.removedLength);
    return change;
  }
  read = (start: number, end: number) => this.text.slice(start, end);
}

function insert(offset: number, text: string, reason?: 'undo' | 'redo'): TextChange {
  return { offset, removedLength: 0, text, reason };
}

function remove(offset: number, length: number, reason?: 'undo' | 'redo'): TextChange {
  return { offset, removedLength: length, text: '', reason };
}

describe('isLargeInsertion', () => {
  const cases: Array<[string, string, boolean]> = [
    ['multi-line function', PROPOSAL, true],
    ['single line', 'x = compute_the_total_of_all_items(items, discount=0.1)', false],
    ['two short lines', 'a = 1\nb = 2\n', false],
    ['blank lines only', '\n\n\n\n', false],
    ['three long lines', 'first_line_of_code = 1\nsecond_line_of_code = 2\nthird = 3', true],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => assert.equal(isLargeInsertion(text, DEFAULT_TRACKER_OPTIONS), expected));
  }
});

describe('applyToCandidate', () => {
  const base = (): Candidate => ({ start: 10, end: 20, proposedText: 'x', time: 0, origin: 'agent', modified: false });
  const cases: Array<[string, TextChange, string, Partial<Candidate>]> = [
    ['insert before shifts', insert(2, 'abc'), 'kept', { start: 13, end: 23, modified: false }],
    ['insert at start shifts', insert(10, 'ab'), 'kept', { start: 12, end: 22, modified: false }],
    ['delete before shifts', remove(0, 5), 'kept', { start: 5, end: 15, modified: false }],
    ['insert after is ignored', insert(20, 'zz'), 'kept', { start: 10, end: 20, modified: false }],
    ['edit inside modifies', { offset: 12, removedLength: 2, text: 'hello' }, 'kept', { start: 10, end: 23, modified: true }],
    ['overlap at the start modifies', { offset: 8, removedLength: 4, text: '' }, 'kept', { start: 8, end: 16, modified: true }],
    ['removing all of it', remove(10, 10), 'removed', {}],
    ['removing more than it', remove(5, 20), 'removed', {}],
  ];
  for (const [name, change, effect, expected] of cases) {
    it(name, () => {
      const candidate = base();
      assert.equal(applyToCandidate(candidate, change), effect);
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(candidate[key as keyof Candidate], value, key);
      }
    });
  }
});

describe('InsertionTracker', () => {
  it('reports an insertion undone soon after as rejected', () => {
    const doc = new Doc('import os\n\n');
    const tracker = new InsertionTracker();
    assert.deepEqual(tracker.applyChanges([doc.apply(insert(11, PROPOSAL))], 1_000, 'inline-completion'), []);
    const decisions = tracker.applyChanges([doc.apply(remove(11, PROPOSAL.length, 'undo'))], 5_000, 'inline-completion');
    assert.equal(decisions.length, 1);
    assert.equal(decisions[0].outcome, 'rejected');
    assert.equal(decisions[0].proposedText, PROPOSAL);
    assert.equal(decisions[0].origin, 'inline-completion');
    assert.equal(tracker.pending.length, 0);
    assert.deepEqual(tracker.onSave(doc.read), []);
  });

  it('drops an insertion removed long after without calling it rejected', () => {
    const doc = new Doc('');
    const tracker = new InsertionTracker();
    tracker.applyChanges([doc.apply(insert(0, PROPOSAL))], 0, 'agent');
    const late = DEFAULT_TRACKER_OPTIONS.rejectWindowMs + 1;
    assert.deepEqual(tracker.applyChanges([doc.apply(remove(0, PROPOSAL.length))], late, 'agent'), []);
    assert.equal(tracker.pending.length, 0);
  });

  it('reports an insertion kept through save as accepted, even after edits elsewhere', () => {
    const doc = new Doc('header\n');
    const tracker = new InsertionTracker();
    tracker.applyChanges([doc.apply(insert(7, PROPOSAL))], 0, 'agent');
    tracker.applyChanges([doc.apply(insert(0, '# comment\n'))], 10, 'agent');
    tracker.applyChanges([doc.apply(insert(doc.text.length, 'print(total([]))\n'))], 20, 'agent');
    const [decision, ...rest] = tracker.onSave(doc.read);
    assert.equal(rest.length, 0);
    assert.equal(decision.outcome, 'accepted');
    assert.equal(decision.finalText, undefined);
    assert.equal(doc.read(decision.start, decision.end), PROPOSAL);
  });

  it('reports an insertion edited before save as modified with the final text', () => {
    const doc = new Doc('');
    const tracker = new InsertionTracker();
    tracker.applyChanges([doc.apply(insert(0, PROPOSAL))], 0, 'inline-completion');
    const at = doc.text.indexOf('result = 0');
    tracker.applyChanges([doc.apply({ offset: at, removedLength: 'result'.length, text: 'total' })], 10, 'inline-completion');
    const [decision] = tracker.onSave(doc.read);
    assert.equal(decision.outcome, 'modified');
    assert.equal(decision.proposedText, PROPOSAL);
    assert.equal(decision.finalText, PROPOSAL.replace('result = 0', 'total = 0'));
    assert.equal(tracker.pending.length, 0);
  });

  it('calls an edit that restores the proposal accepted', () => {
    const doc = new Doc('');
    const tracker = new InsertionTracker();
    tracker.applyChanges([doc.apply(insert(0, PROPOSAL))], 0, 'agent');
    tracker.applyChanges([doc.apply(insert(4, 'X'))], 1, 'agent');
    tracker.applyChanges([doc.apply(remove(4, 1, 'undo'))], 2, 'agent');
    assert.equal(tracker.onSave(doc.read)[0].outcome, 'accepted');
  });

  it('does not watch text brought back by undo or redo, nor small insertions', () => {
    const tracker = new InsertionTracker();
    tracker.applyChanges([insert(0, PROPOSAL, 'undo')], 0, 'agent');
    tracker.applyChanges([insert(0, PROPOSAL, 'redo')], 0, 'agent');
    tracker.applyChanges([insert(0, 'x = 1\n')], 0, 'agent');
    assert.equal(tracker.pending.length, 0);
  });

  it('forgets candidates older than the maximum age', () => {
    const doc = new Doc('');
    const tracker = new InsertionTracker();
    tracker.applyChanges([doc.apply(insert(0, PROPOSAL))], 0, 'agent');
    tracker.applyChanges([doc.apply(insert(0, 'x'))], DEFAULT_TRACKER_OPTIONS.maxAgeMs + 1, 'agent');
    assert.equal(tracker.pending.length, 0);
  });

  it('keeps at most maxPending candidates, dropping the oldest', () => {
    const options = { ...DEFAULT_TRACKER_OPTIONS, maxPending: 2 };
    const tracker = new InsertionTracker(options);
    for (let i = 0; i < 3; i++) {
      tracker.applyChanges([insert(0, `${i}${PROPOSAL}`)], i, 'agent');
    }
    assert.deepEqual(tracker.pending.map((candidate) => candidate.proposedText[0]), ['1', '2']);
  });

  it('applies several changes of one event in order', () => {
    const doc = new Doc('a\nb\n');
    const tracker = new InsertionTracker();
    const changes = [doc.apply(insert(4, PROPOSAL)), doc.apply(insert(0, '# top\n'))];
    tracker.applyChanges(changes, 0, 'agent');
    const [decision] = tracker.onSave(doc.read);
    assert.equal(doc.read(decision.start, decision.end), PROPOSAL);
  });
});
