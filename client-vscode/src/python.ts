/**
 * Finds the command that starts the server: the `lore.server.command` setting, else the
 * interpreter selected in the Python extension (used only when it is installed), else python3.
 */

import * as vscode from 'vscode';
import { CONFIG_SECTION, PYTHON_EXTENSION_ID } from './constants';
import { resolveServerCommand, ServerCommand } from './serverCommand';

/** The part of the Python extension's API this extension uses. */
interface PythonEnvironmentsApi {
  environments: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(path: string): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
  };
}

async function pythonApi(): Promise<PythonEnvironmentsApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonEnvironmentsApi>(PYTHON_EXTENSION_ID);
  if (!extension) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    return api?.environments ? api : undefined;
  } catch {
    return undefined;
  }
}

/** The interpreter the Python extension has selected for `resource`, if it can tell. */
export async function selectedInterpreter(
  resource: vscode.Uri | undefined,
  log: vscode.LogOutputChannel,
): Promise<string[] | undefined> {
  const api = await pythonApi();
  if (!api) {
    return undefined;
  }
  try {
    const active = api.environments.getActiveEnvironmentPath(resource);
    const resolved = await api.environments.resolveEnvironment(active.path);
    const executable = resolved?.executable.uri?.fsPath;
    return executable ? [executable] : undefined;
  } catch (error) {
    log.warn(`Could not read the Python extension's interpreter: ${String(error)}`);
    return undefined;
  }
}

/** Resolve the server command for the first workspace folder: the setting, else the environment the
 * extension installed the server into (when it did), else the Python extension's interpreter. */
export async function serverCommand(log: vscode.LogOutputChannel, managedPython?: string): Promise<ServerCommand> {
  const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
  const configured = vscode.workspace.getConfiguration(CONFIG_SECTION, resource).get<unknown>('server.command');
  const fromSetting = resolveServerCommand(configured);
  if (fromSetting.source === 'setting') {
    return fromSetting;
  }
  if (managedPython) {
    return { ...resolveServerCommand(undefined, [managedPython]), source: 'managed' };
  }
  return resolveServerCommand(undefined, await selectedInterpreter(resource, log));
}

/** Call `listener` when the Python extension's selected interpreter changes. */
export async function onInterpreterChange(listener: () => void): Promise<vscode.Disposable | undefined> {
  const api = await pythonApi();
  return api?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}
