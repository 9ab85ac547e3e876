import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { anchoredMessage, forgetNeedsConfirm, forgetQuestion, forgotMessage, notRelevantMessage } from '../../src/actionText';

describe('forgetNeedsConfirm', () => {
  it('asks for team memories and imported ones, not for the user\'s own', () => {
    assert.equal(forgetNeedsConfirm({ scope: 'team', source: { kind: 'team-file', path: '.lore/memories/a.md' } }), true);
    assert.equal(forgetNeedsConfirm({ scope: 'workspace', source: { kind: 'adr', path: 'docs/adr/1.md' } }), true);
    assert.equal(forgetNeedsConfirm({ scope: 'workspace', source: { kind: 'rules-file', path: 'AGENTS.md' } }), true);
    assert.equal(forgetNeedsConfirm({ scope: 'workspace', source: { kind: 'manual' } }), false);
    assert.equal(forgetNeedsConfirm({ scope: 'user', source: null }), false);
  });
});

describe('messages name the memory', () => {
  it('asks with the title and says what forgetting does', () => {
    const q = forgetQuestion({ title: 'Naming', scope: 'team', source: { kind: 'team-file' } });
    assert.equal(q.message, 'Forget “Naming”?');
    assert.match(q.detail, /team memory/);
    assert.match(q.detail, /restore/);
    const adr = forgetQuestion({ title: 'Naming', scope: 'workspace', source: { kind: 'adr', path: 'docs/adr/1.md' } });
    assert.match(adr.detail, /docs\/adr\/1\.md: the file stays as it is/);
  });
  it('says where a memory is hidden', () => {
    assert.equal(forgotMessage('Naming'), 'Lore forgot “Naming”.');
    assert.equal(notRelevantMessage('Naming', 'app.repos.Repository.save'), 'Lore will not show “Naming” at save again.');
    assert.equal(notRelevantMessage('Naming'), 'Lore will not show “Naming” in this file again.');
  });
  it('says where a memory is anchored', () => {
    assert.equal(anchoredMessage('Naming', 'app.repos.Repository.save'), 'Lore anchored “Naming” to save.');
    assert.equal(anchoredMessage('Naming'), 'Lore anchored “Naming” to this file.');
  });
});
