/** Where the environment the extension manages lives and how it is made; pure, no VS Code imports. */

import { INSTALL_PACKAGE } from './constants';

/** The interpreter inside a virtual environment folder. */
export function venvPython(venv: string, windows = process.platform === 'win32'): string {
  return windows ? `${venv}\\Scripts\\python.exe` : `${venv}/bin/python`;
}

/** The steps that make the environment: [program, args, what the progress says]. */
export function installSteps(basePython: string, venv: string, loreCheckout?: string, windows = process.platform === 'win32'): Array<[string, string[], string]> {
  const python = venvPython(venv, windows);
  const target = loreCheckout ? ['-e', loreCheckout] : [INSTALL_PACKAGE];
  return [
    [basePython, ['-m', 'venv', venv], 'creating a Python environment'],
    [python, ['-m', 'pip', 'install', '--upgrade', '--disable-pip-version-check', '--quiet', ...target], `installing ${INSTALL_PACKAGE}`],
  ];
}
