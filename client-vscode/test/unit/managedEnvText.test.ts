import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { installSteps, venvPython } from '../../src/managedEnvText';

describe('the managed environment', () => {
  it('has its interpreter where venv puts it', () => {
    assert.equal(venvPython('/s/server-env', false), '/s/server-env/bin/python');
    assert.equal(venvPython('C:\\s\\server-env', true), 'C:\\s\\server-env\\Scripts\\python.exe');
  });
  it('is made with venv, then pip installs the published package', () => {
    const steps = installSteps('python3', '/s/env', undefined, false);
    assert.deepEqual(steps[0].slice(0, 2), ['python3', ['-m', 'venv', '/s/env']]);
    assert.equal(steps[1][0], '/s/env/bin/python');
    assert.deepEqual(steps[1][1].slice(0, 3), ['-m', 'pip', 'install']);
    assert.equal(steps[1][1].at(-1), 'lore-memory');
  });
  it('installs a Lore checkout editable', () => {
    assert.deepEqual(installSteps('python3', '/s/env', '/src/lore', false)[1][1].slice(-2), ['-e', '/src/lore']);
  });
});
