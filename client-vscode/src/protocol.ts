/** Shapes of the server's command arguments and results (docs/PROTOCOL.md); no VS Code imports. */

export interface MemorySource {
  kind: string;
  path?: string | null;
  line?: number | null;
  uri?: string | null;
}

export interface Memory {
  id: string;
  kind: string;
  status: string;
  scope: string;
  title: string;
  body: string;
  rationale?: string | null;
  anchors: string[];
  tags: string[];
  confidence: number;
  supersededBy: string[];
  supersedes: string[];
  needsReview: boolean;
  source?: MemorySource | null;
  /** Who wrote the text: repository file, team memory, the user's own, or an agent (unconfirmed). */
  trust?: { kind: 'repository-file' | 'team' | 'own' | 'agent-proposed'; label: string; source: string };
  /** The day the record says it was decided (as written when the day is not certain). */
  date?: string | null;
  /** A record writing no date: the day git first held its file. */
  inGitSince?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface Hit extends Memory {
  score: number;
  why: string[];
  /** One plain sentence of what the memory says. */
  summary?: string;
  section?: { heading: string | null; line: number | null } | null;
}

export type ServerState = 'starting' | 'indexing' | 'ready' | 'wordsOnly' | 'error';

export interface Status {
  memories: number;
  state: ServerState;
  message?: string;
}

/** An LSP position (zero-based line and UTF-16 character). */
export interface Position {
  line: number;
  character: number;
}

/** An LSP range. */
export interface Range {
  start: Position;
  end: Position;
}

export type Scope = 'team' | 'workspace' | 'user';
export type Outcome = 'accepted' | 'rejected' | 'modified';
export type Origin = 'inline-completion' | 'agent' | 'code-action' | 'manual';

export interface SearchArgs {
  query: string;
  limit?: number;
  uri?: string;
  kinds?: string[];
  includeSuperseded?: boolean;
}

export interface RememberArgs {
  kind: string;
  title: string;
  body: string;
  rationale?: string;
  scope?: Scope;
  uri?: string;
  range?: Range;
  symbol?: string;
  anchors?: string[];
}

export interface FeedbackArgs {
  uri: string;
  languageId: string;
  range: Range;
  proposedText: string;
  finalText?: string;
  outcome: Outcome;
  origin: Origin;
  reason?: string;
}

export interface SearchResult {
  hits: Hit[];
}

export interface ShowResult {
  memory: Memory;
  markdown: string;
  /** Every memory shown, when several ids were asked for (a code lens). */
  memories?: Memory[];
}

export interface RememberResult {
  memory: Memory;
  redacted: string[];
}

export interface ForgetResult {
  id: string;
  status: string;
  title?: string;
}

export interface FeedbackResult {
  observations: unknown[];
  proposed: Memory[];
}

export interface ContextResult {
  markdown: string;
  tokens: number;
}

export interface PreferencesResult {
  preferences: Memory[];
}

export interface ProposalsArgs {
  action: 'list' | 'confirm' | 'reject';
  id?: string;
}

export interface ProposalsResult {
  proposals: Memory[];
  changed?: Memory;
}
