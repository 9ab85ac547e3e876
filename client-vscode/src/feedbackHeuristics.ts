/**
 * Decides what became of large multi-line insertions (completions, agent edits) from the stream
 * of document changes: removed soon after = rejected, kept through save = accepted, edited before
 * save = modified. Pure offsets and clocks, no VS Code imports, so it is unit-tested directly.
 */

import type { Origin, Outcome } from './protocol';

/** One content change, in offsets of the document before the change. */
export interface TextChange {
  offset: number;
  removedLength: number;
  text: string;
  /** Set for changes made by undo or redo; those never start a candidate. */
  reason?: 'undo' | 'redo';
}

export interface TrackerOptions {
  /** Fewest lines an insertion must span to be watched. */
  minLines: number;
  /** Fewest non-blank characters an insertion must have to be watched. */
  minChars: number;
  /** A removal later than this after the insertion is not read as a rejection. */
  rejectWindowMs: number;
  /** Candidates not saved within this time are dropped. */
  maxAgeMs: number;
  /** Most candidates kept per document; the oldest go first. */
  maxPending: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  minLines: 3,
  minChars: 40,
  rejectWindowMs: 30_000,
  maxAgeMs: 30 * 60_000,
  maxPending: 20,
};

/** A watched insertion; `start`/`end` are offsets in the current document. */
export interface Candidate {
  start: number;
  end: number;
  proposedText: string;
  time: number;
  origin: Origin;
  modified: boolean;
}

/** What the tracker concluded about one candidate. */
export interface FeedbackDecision {
  outcome: Outcome;
  origin: Origin;
  proposedText: string;
  finalText?: string;
  start: number;
  end: number;
}

/** Tell whether an inserted text is large enough to be a proposal worth learning from. */
export function isLargeInsertion(text: string, options: TrackerOptions = DEFAULT_TRACKER_OPTIONS): boolean {
  const lines = text.split('\n').length;
  const chars = text.replace(/\s+/g, '').length;
  return lines >= options.minLines && chars >= options.minChars;
}

type ChangeEffect = 'kept' | 'removed';

/** Move or widen a candidate for one change; report whether the candidate's text is gone. */
export function applyToCandidate(candidate: Candidate, change: TextChange): ChangeEffect {
  const changeEnd = change.offset + change.removedLength;
  const delta = change.text.length - change.removedLength;
  if (changeEnd <= candidate.start && !(change.removedLength === 0 && change.offset === candidate.end)) {
    candidate.start += delta;
    candidate.end += delta;
    return 'kept';
  }
  if (change.offset >= candidate.end) {
    return 'kept';
  }
  if (change.offset <= candidate.start && changeEnd >= candidate.end) {
    return 'removed';
  }
  candidate.start = Math.min(candidate.start, change.offset);
  candidate.end = Math.max(candidate.end, changeEnd) + delta;
  candidate.modified = true;
  return 'kept';
}

/** Tracks candidates of one document. */
export class InsertionTracker {
  private candidates: Candidate[] = [];

  constructor(private readonly options: TrackerOptions = DEFAULT_TRACKER_OPTIONS) {}

  /** The candidates being watched (for tests and diagnostics). */
  get pending(): readonly Candidate[] {
    return this.candidates;
  }

  /** Apply the changes of one document event, in order; returns the rejections they caused. */
  applyChanges(changes: readonly TextChange[], now: number, origin: Origin): FeedbackDecision[] {
    const decisions: FeedbackDecision[] = [];
    this.candidates = this.candidates.filter((candidate) => now - candidate.time <= this.options.maxAgeMs);
    for (const change of changes) {
      decisions.push(...this.applyOne(change, now, origin));
    }
    return decisions;
  }

  /** The document was saved: every candidate still present is accepted or modified. */
  onSave(read: (start: number, end: number) => string): FeedbackDecision[] {
    const decisions = this.candidates.map((candidate) => {
      const finalText = read(candidate.start, candidate.end);
      const decision: FeedbackDecision = {
        outcome: 'accepted',
        origin: candidate.origin,
        proposedText: candidate.proposedText,
        start: candidate.start,
        end: candidate.end,
      };
      if (candidate.modified && finalText !== candidate.proposedText) {
        decision.outcome = 'modified';
        decision.finalText = finalText;
      }
      return decision;
    });
    this.candidates = [];
    return decisions;
  }

  /** Forget every candidate (document closed or feedback turned off). */
  clear(): void {
    this.candidates = [];
  }

  private applyOne(change: TextChange, now: number, origin: Origin): FeedbackDecision[] {
    const decisions: FeedbackDecision[] = [];
    const kept: Candidate[] = [];
    for (const candidate of this.candidates) {
      if (applyToCandidate(candidate, change) === 'kept') {
        kept.push(candidate);
      } else if (change.text === '' && now - candidate.time <= this.options.rejectWindowMs) {
        decisions.push({
          outcome: 'rejected',
          origin: candidate.origin,
          proposedText: candidate.proposedText,
          start: change.offset,
          end: change.offset,
        });
      }
    }
    this.candidates = kept;
    if (!change.reason && isLargeInsertion(change.text, this.options)) {
      this.candidates.push({
        start: change.offset,
        end: change.offset + change.text.length,
        proposedText: change.text,
        time: now,
        origin,
        modified: false,
      });
      if (this.candidates.length > this.options.maxPending) {
        this.candidates.shift();
      }
    }
    return decisions;
  }
}
