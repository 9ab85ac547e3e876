/** Identifiers shared by the extension's modules: command ids, setting keys, names. */

export const EXTENSION_NAME = 'Lore';
export const CLIENT_ID = 'lore';
export const CONFIG_SECTION = 'lore';
export const MEMORY_SCHEME = 'lore-memory';
export const INSTALL_PACKAGE = 'lore-memory';
export const PYTHON_EXTENSION_ID = 'ms-python.python';

/** Commands the language server registers; the language client exposes them in VS Code. */
export const ServerCommand = {
  search: 'lore.search',
  show: 'lore.show',
  remember: 'lore.remember',
  forget: 'lore.forget',
  restore: 'lore.restore',
  supersede: 'lore.supersede',
  notRelevant: 'lore.notRelevant',
  anchorHere: 'lore.anchorHere',
  feedback: 'lore.feedback',
  preferences: 'lore.preferences',
  proposals: 'lore.proposals',
  reindex: 'lore.reindex',
  context: 'lore.context',
  status: 'lore.status',
  draft: 'lore.draft',
  verify: 'lore.verify',
  recordException: 'lore.recordException',
  guidance: 'lore.guidance',
} as const;

/** Commands the extension itself registers (palette entries). */
export const ClientCommand = {
  searchMemory: 'lore.searchMemory',
  rememberDecision: 'lore.rememberDecision',
  rememberConvention: 'lore.rememberConvention',
  forgetMemory: 'lore.forgetMemory',
  showContext: 'lore.showContext',
  reviewGuidance: 'lore.reviewGuidance',
  reviewPreferences: 'lore.reviewPreferences',
  reviewProposals: 'lore.reviewProposals',
  restartServer: 'lore.restartServer',
  reindexWorkspace: 'lore.reindexWorkspace',
  showOutput: 'lore.showOutput',
  recover: 'lore.recover',
} as const;

/** The `lore/status` notification sent by the server. */
export const STATUS_NOTIFICATION = 'lore/status';

/** Setting prefixes whose change needs a server restart to take effect. */
export const RESTART_SETTINGS = ['lore.server', 'lore.model'];

/** Settings only the client reads; they are not sent to the server. */
export const CLIENT_ONLY_SETTINGS = ['server.command', 'feedback.enabled', 'feedback.askReason'];

export const MemoryKinds = ['decision', 'convention', 'preference', 'task', 'fact', 'warning'] as const;
export type MemoryKind = (typeof MemoryKinds)[number];

/** Codicon per memory kind, used in pickers. */
export const KIND_ICONS: Record<string, string> = {
  decision: '$(law)',
  convention: '$(checklist)',
  preference: '$(heart)',
  task: '$(tasklist)',
  fact: '$(info)',
  warning: '$(warning)',
};
