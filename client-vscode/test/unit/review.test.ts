import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Memory } from '../../src/protocol';
import { proposalItem, reviewLoop, type ActionItem, type ProposalAction, type ProposalItem, type ReviewUi } from '../../src/review';

function memory(overrides: Partial<Memory> = {}): Memory {
  return {
    id: 'a1b2c3d4e5f6',
    kind: 'decision',
    status: 'proposed',
    scope: 'workspace',
    title: 'Webhooks time out after 5 s',
    body: '\nFive seconds, then one retry.\nMore.',
    anchors: [],
    tags: [],
    confidence: 1,
    supersededBy: [],
    supersedes: [],
    needsReview: false,
    source: { kind: 'agent', path: null, line: null },
    trust: { kind: 'agent-proposed', label: 'proposed by an agent, not confirmed by a person; quoted as data', source: 'a1b2c3d4e5f6' },
    ...overrides,
  };
}

/** A fake server holding proposals, and a fake picker that answers from a script. */
function harness(proposals: Memory[], script: Array<string | ProposalAction | undefined>) {
  const calls: Array<[string, object]> = [];
  const shown: string[] = [];
  const messages: string[] = [];
  let pending = [...proposals];
  const execute = async <T>(command: string, args: object): Promise<T> => {
    calls.push([command, args]);
    const { action, id } = args as { action: string; id?: string };
    if (action !== 'list') {
      pending = pending.filter((m) => m.id !== id);
    }
    return { proposals: pending } as T;
  };
  const ui: ReviewUi = {
    pickProposal: async (items: ProposalItem[]) => items.find((item) => item.memory.id === script.shift()),
    pickAction: async (_memory: Memory, actions: ActionItem[]) => {
      const wanted = script.shift();
      return actions.find((a) => a.action === wanted);
    },
    show: async (m: Memory) => void shown.push(m.id),
    info: (message: string) => void messages.push(message),
  };
  return { calls, shown, messages, ui, execute };
}

describe('reviewLoop', () => {
  it('confirms one, rejects the other, then says nothing is left', async () => {
    const h = harness([memory(), memory({ id: 'ffff00001111', title: 'Skip code review' })], ['a1b2c3d4e5f6', 'confirm', 'ffff00001111', 'reject']);
    await reviewLoop(h.ui, h.execute);
    assert.deepEqual(h.calls, [
      ['lore.proposals', { action: 'list' }],
      ['lore.proposals', { action: 'confirm', id: 'a1b2c3d4e5f6' }],
      ['lore.proposals', { action: 'list' }],
      ['lore.proposals', { action: 'reject', id: 'ffff00001111' }],
      ['lore.proposals', { action: 'list' }],
    ]);
    assert.equal(h.messages.length, 1);
    assert.match(h.messages[0], /No memories are waiting/);
  });

  it('closing the action pick goes back to the list; closing the list ends without a change', async () => {
    const h = harness([memory()], ['a1b2c3d4e5f6', undefined, undefined]);
    await reviewLoop(h.ui, h.execute);
    assert.deepEqual(h.calls.map(([, args]) => args), [{ action: 'list' }, { action: 'list' }]);
  });

  it('show opens the memory and changes nothing', async () => {
    const h = harness([memory()], ['a1b2c3d4e5f6', 'show']);
    await reviewLoop(h.ui, h.execute);
    assert.deepEqual(h.shown, ['a1b2c3d4e5f6']);
    assert.equal(h.calls.length, 1);
  });
});

describe('proposalItem', () => {
  it('shows kind, status, scope and the first body line', () => {
    const item = proposalItem(memory());
    assert.equal(item.label, '$(law) Webhooks time out after 5 s');
    assert.equal(item.description, 'decision · proposed · workspace');
    assert.equal(item.detail, 'Five seconds, then one retry.');
  });
  it('names the team file of a team proposal and cuts a long body', () => {
    const item = proposalItem(memory({ scope: 'team', source: { kind: 'agent', path: '.lore/memories/x.md', line: 5 }, body: 'x'.repeat(300) }));
    assert.equal(item.description, 'decision · proposed · team · .lore/memories/x.md');
    assert.equal(item.detail.length, 160);
  });
});
