import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { CommandRoutes } from '../../src/commandRoutes';

type Sent = [string, unknown[]];

function server(sent: Sent[]) {
  return async (command: string, args: unknown[]) => {
    sent.push([command, args]);
    return { command };
  };
}

describe('CommandRoutes', () => {
  it('runs a registered route in place of the server command, and sends the others straight on', async () => {
    const routes = new CommandRoutes();
    const sent: Sent[] = [];
    routes.add('lore.show', (args, next) => Promise.resolve(next('lore.show', [{ ...(args[0] as object), open: false }])));
    const failed = () => assert.fail('nothing fails');
    assert.deepEqual(await routes.run('lore.show', [{ id: 'a' }], server(sent), failed), { command: 'lore.show' });
    assert.deepEqual(await routes.run('lore.status', [{}], server(sent), failed), { command: 'lore.status' });
    assert.deepEqual(sent, [['lore.show', [{ id: 'a', open: false }]], ['lore.status', [{}]]]);
  });

  it('keeps one route per command until it is disposed', async () => {
    const routes = new CommandRoutes();
    const first = routes.add('lore.forget', async () => 'asked first');
    assert.throws(() => routes.add('lore.forget', async () => 'again'), /already has a route/);
    first.dispose();
    const sent: Sent[] = [];
    assert.deepEqual(await routes.run('lore.forget', [{ id: 'a' }], server(sent), () => undefined), { command: 'lore.forget' });
    routes.add('lore.forget', async () => 'asked second');
    first.dispose(); // an old registration does not take the new route away
    assert.equal(await routes.run('lore.forget', [], server(sent), () => undefined), 'asked second');
  });

  it('hands a failure to the caller\'s handler and answers undefined', async () => {
    const routes = new CommandRoutes();
    routes.add('lore.supersede', async () => {
      throw new Error('no such memory');
    });
    const failures: string[] = [];
    const failed = (command: string, error: unknown) => failures.push(`${command}: ${(error as Error).message}`);
    assert.equal(await routes.run('lore.supersede', [], server([]), failed), undefined);
    const refused = async () => {
      throw new Error('server stopped');
    };
    assert.equal(await routes.run('lore.status', [], refused, failed), undefined);
    assert.deepEqual(failures, ['lore.supersede: no such memory', 'lore.status: server stopped']);
  });
});
