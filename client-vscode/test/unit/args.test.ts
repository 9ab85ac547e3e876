import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { buildRememberArgs, buildSearchArgs, hitDetail, memoryDescription, memoryLabel, sourceTarget, whyText } from '../../src/args';
import type { Hit } from '../../src/protocol';

function hit(overrides: Partial<Hit> = {}): Hit {
  return {
    id: 'abc123',
    kind: 'decision',
    status: 'active',
    scope: 'team',
    title: 'Use Decimal for money',
    body: '# Context\n\nFloats lose cents when summing prices.',
    anchors: ['symbol:python:shop.billing.total'],
    tags: [],
    confidence: 1,
    supersededBy: [],
    supersedes: [],
    needsReview: false,
    source: { kind: 'adr', path: 'docs/adr/0001-decimal.md', line: 1 },
    score: 0.9,
    why: ['words'],
    section: null,
    ...overrides,
  };
}

describe('buildSearchArgs', () => {
  const cases: Array<[string, string, string | undefined, object | undefined]> = [
    ['blank query', '   ', undefined, undefined],
    ['trims the query', '  money  ', undefined, { query: 'money', limit: 20 }],
    ['passes the active document', 'money', 'file:///w/a.py', { query: 'money', limit: 20, uri: 'file:///w/a.py' }],
  ];
  for (const [name, query, uri, expected] of cases) {
    it(name, () => assert.deepEqual(buildSearchArgs(query, uri), expected));
  }
});

describe('buildRememberArgs', () => {
  const range = { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } };
  it('anchors to the document and range', () =>
    assert.deepEqual(
      buildRememberArgs({ kind: 'decision', title: ' Use Decimal ', body: ' because ', scope: 'team', uri: 'file:///w/a.py', range }),
      { kind: 'decision', title: 'Use Decimal', body: 'because', scope: 'team', uri: 'file:///w/a.py', range },
    ));
  it('uses the title as body when the body is blank', () =>
    assert.deepEqual(buildRememberArgs({ kind: 'convention', title: 'Tabs', body: '', scope: 'user' }), {
      kind: 'convention',
      title: 'Tabs',
      body: 'Tabs',
      scope: 'user',
    }));
  it('drops a range without a document', () =>
    assert.equal(buildRememberArgs({ kind: 'decision', title: 'T', body: 'B', scope: 'workspace', range }).range, undefined));
  it('refuses a blank title', () =>
    assert.throws(() => buildRememberArgs({ kind: 'decision', title: '  ', body: 'x', scope: 'team' }), /title/));
});

describe('presentation', () => {
  const cases: Array<[string, Partial<Hit>, string, string]> = [
    ['active team decision', {}, '$(law) Use Decimal for money', 'decision · team'],
    ['superseded convention', { kind: 'convention', status: 'superseded' }, '$(checklist) Use Decimal for money', 'convention · superseded · team'],
    ['warning needing review', { kind: 'warning', needsReview: true, scope: 'workspace' }, '$(warning) Use Decimal for money', 'warning · workspace · needs review'],
    ['preference', { kind: 'preference', scope: 'user' }, '$(heart) Use Decimal for money', 'preference · user'],
    ['task', { kind: 'task' }, '$(tasklist) Use Decimal for money', 'task · team'],
    ['fact', { kind: 'fact' }, '$(info) Use Decimal for money', 'fact · team'],
    ['unknown kind', { kind: 'mystery' }, '$(note) Use Decimal for money', 'mystery · team'],
  ];
  for (const [name, overrides, label, description] of cases) {
    it(name, () => {
      assert.equal(memoryLabel(hit(overrides)), label);
      assert.equal(memoryDescription(hit(overrides)), description);
    });
  }
  it('detail puts what it says before where it comes from', () =>
    assert.equal(
      hitDetail(hit({ section: { heading: 'Context', line: 3 } })),
      'Floats lose cents when summing prices. — docs/adr/0001-decimal.md:1',
    ));
  it('detail takes the server\'s summary and cuts it, not the path', () => {
    const detail = hitDetail(hit({ summary: 'A very long summary of the decision '.repeat(5) }), 80);
    assert.ok(detail.endsWith('… — docs/adr/0001-decimal.md:1'), detail);
    assert.ok(detail.length <= 80);
  });
  it('why reads in words', () => {
    assert.equal(whyText({ why: ['words repository, pattern (rank 1)', 'meaning 0.61 (rank 2)', 'used 3×'] }),
      'words: repository, pattern · close in meaning');
    assert.equal(whyText({ why: ['governs this file'] }), 'governs this file');
    assert.equal(whyText({ why: ['anchored to glob src/** '] }), 'governs this file');
  });
  it('detail without a source is the body', () => assert.equal(hitDetail(hit({ source: null, body: 'Short.' })), 'Short.'));
  it('detail is cut to its maximum', () => assert.equal(hitDetail(hit({ source: null, body: 'x'.repeat(300) }), 20).length, 20));
});

describe('sourceTarget', () => {
  const cases: Array<[string, Partial<Hit>, object | undefined]> = [
    ['source line, zero-based', {}, { uri: undefined, path: 'docs/adr/0001-decimal.md', line: 0 }],
    ['matched section wins', { section: { heading: 'Decision', line: 12 } }, { uri: undefined, path: 'docs/adr/0001-decimal.md', line: 11 }],
    [
      'server uri is kept',
      { source: { kind: 'adr', path: 'a.md', line: 5, uri: 'file:///w/a.md' } },
      { uri: 'file:///w/a.md', path: 'a.md', line: 4 },
    ],
    ['no source', { source: null }, undefined],
    ['manual memory without a file', { source: { kind: 'manual', path: null, line: null } }, undefined],
  ];
  for (const [name, overrides, expected] of cases) {
    it(name, () => assert.deepEqual(sourceTarget(hit(overrides)), expected));
  }
});
