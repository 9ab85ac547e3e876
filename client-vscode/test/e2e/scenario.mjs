// The end-to-end test: real VS Code (code-server) in headless Chromium with the Lore extension
// installed and the repository's server behind it. A trusted session checks the status bar, a code
// lens, a memory in a hover, palette search opening an ADR, remembering a decision and seeing it
// in a hover, feedback capture, and the one notification (with its terminal) when the server
// cannot start; an untrusted session checks that nothing is imported until trust is granted; a
// session on a real repository's decision records (Jaeger's, over Go code at the paths they name)
// checks what a person reads: hover, lens, lens view, search, context, safe actions, and that a
// rename typed without saving rewrites no team file; a session in a Lore checkout with no server
// installed checks the one-click install (installSteps.mjs).
// Screenshots and logs go to the artifacts folder.
//
// Environment: CODE_SERVER_ENTRY, LORE_VSIX, LORE_SERVER_PYTHON, LORE_TEST_MODEL_PATH,
// LORE_E2E_ARTIFACTS, LORE_E2E_FIXTURE, LORE_E2E_REAL_FIXTURE, LORE_E2E_CHECKOUT_FIXTURE;
// LORE_E2E_ONLY=real,trusted runs those sessions alone (while working on them; a full run has all four).
// LORE_E2E_ONLY=walk runs the editor walkthrough (bench/editor_walkthrough.py; walkSteps.mjs) on the
// imported checkout LORE_E2E_WALK_WORKSPACE with the plan LORE_E2E_WALK_PLAN: a bench on a real
// repository, never part of a full run.
import { installSessionEnv, installSteps } from './installSteps.mjs';
import { withSession } from './session.mjs';
import { realSteps, trustedSteps, untrustedSteps } from './steps.mjs';
import { walkSteps } from './walkSteps.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
};

const slug = (name) => name.replace(/\W+/g, '-').slice(0, 50);

/** Run steps in order, stopping at the first failure; returns [passed, failed, skipped]. */
async function runSteps(wb, steps, counter) {
  let passed = 0;
  for (const [name, step] of steps) {
    counter.n += 1;
    const started = Date.now();
    try {
      const note = await step();
      passed += 1;
      console.log(`ok ${counter.n} - ${name} (${((Date.now() - started) / 1000).toFixed(1)}s)${note ? `: ${note}` : ''}`);
      await wb.screenshot(slug(name));
    } catch (error) {
      console.log(`not ok ${counter.n} - ${name}: ${error instanceof Error ? error.message : String(error)}`);
      await wb.screenshot(`FAILED-${slug(name)}`).catch(() => undefined);
      return [passed, 1, steps.length - passed - 1];
    }
  }
  return [passed, 0, 0];
}

async function main() {
  const common = {
    entry: env('CODE_SERVER_ENTRY'),
    vsix: env('LORE_VSIX'),
    fixture: env('LORE_E2E_FIXTURE'),
    python: env('LORE_SERVER_PYTHON'),
    modelPath: process.env.LORE_TEST_MODEL_PATH ?? '',
    artifacts: env('LORE_E2E_ARTIFACTS'),
  };
  const sessions = [
    { name: 'real', workspaceTrust: false, steps: realSteps, fixture: env('LORE_E2E_REAL_FIXTURE') },
    { name: 'trusted', workspaceTrust: false, steps: trustedSteps },
    { name: 'untrusted', workspaceTrust: true, steps: untrustedSteps },
    {
      name: 'install',
      workspaceTrust: false,
      steps: installSteps,
      fixture: env('LORE_E2E_CHECKOUT_FIXTURE'),
      python: null,
      env: installSessionEnv(),
    },
    {
      name: 'walk',
      workspaceTrust: false,
      steps: walkSteps,
      fixture: process.env.LORE_E2E_WALK_WORKSPACE,
      inPlace: true,
      onlyWhenAsked: true,
    },
  ];
  const only = process.env.LORE_E2E_ONLY;
  const chosen = sessions.filter((session) =>
    only ? only.split(',').includes(session.name) : !session.onlyWhenAsked);
  const totals = [0, 0, 0];
  const counter = { n: 0 };
  for (const session of chosen) {
    let counts;
    try {
      counts = await withSession({ ...common, ...session }, (wb, workspace) => runSteps(wb, session.steps(wb, workspace), counter));
    } catch (error) {
      console.log(`not ok - ${session.name} session: ${error instanceof Error ? error.stack : String(error)}`);
      counts = [0, 1, 0];
    }
    counts.forEach((count, index) => (totals[index] += count));
  }
  const [passed, failed, skipped] = totals;
  console.log(`vscode: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed === 0 && skipped === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
