/**
 * Feedback capture: watches large multi-line insertions in file documents and reports what became
 * of them (`lore.feedback`) so the server can learn preferences. The decisions themselves are made
 * by the pure InsertionTracker; this file connects it to VS Code events. `lore.feedback.enabled`
 * turns it off. A rejection may first ask for a reason (`RejectionReasons`, `lore.feedback.askReason`).
 */

import * as vscode from 'vscode';
import type { LoreClient } from './client';
import { CONFIG_SECTION, ServerCommand } from './constants';
import { FeedbackDecision, InsertionTracker, TextChange } from './feedbackHeuristics';
import type { FeedbackArgs, FeedbackResult, Origin } from './protocol';
import { vscodeReasonUi } from './reasonPrompt';
import { RejectionReasons } from './rejectionReason';

function toChange(change: vscode.TextDocumentContentChangeEvent, reason?: vscode.TextDocumentChangeReason): TextChange {
  const kind = reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : reason === vscode.TextDocumentChangeReason.Redo ? 'redo' : undefined;
  return { offset: change.rangeOffset, removedLength: change.rangeLength, text: change.text, reason: kind };
}

/** Edits to a document no editor shows come from tools (agents, refactorings), not the keyboard. */
function originOf(document: vscode.TextDocument): Origin {
  const visible = vscode.window.visibleTextEditors.some((editor) => editor.document === document);
  return visible ? 'inline-completion' : 'agent';
}

export class FeedbackCapture implements vscode.Disposable {
  private readonly trackers = new Map<string, InsertionTracker>();
  private readonly disposables: vscode.Disposable[] = [];
  private enabled = true;
  private readonly reasons: RejectionReasons;

  constructor(private readonly client: LoreClient, private readonly output: vscode.LogOutputChannel) {
    this.reasons = new RejectionReasons(
      vscodeReasonUi,
      () => vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>('feedback.askReason', true),
      (args) => this.execute(args),
    );
    this.readSetting();
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((event) => this.onChange(event)),
      vscode.workspace.onDidSaveTextDocument((document) => this.onSave(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.trackers.delete(document.uri.toString())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${CONFIG_SECTION}.feedback.enabled`)) {
          this.readSetting();
        }
      }),
    );
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
    this.trackers.clear();
  }

  private readSetting(): void {
    this.enabled = vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>('feedback.enabled', true);
    if (!this.enabled) {
      this.trackers.clear();
    }
  }

  private tracker(document: vscode.TextDocument): InsertionTracker {
    const key = document.uri.toString();
    let tracker = this.trackers.get(key);
    if (!tracker) {
      tracker = new InsertionTracker();
      this.trackers.set(key, tracker);
    }
    return tracker;
  }

  private onChange(event: vscode.TextDocumentChangeEvent): void {
    if (!this.enabled || event.document.uri.scheme !== 'file' || event.contentChanges.length === 0) {
      return;
    }
    const changes = event.contentChanges.map((change) => toChange(change, event.reason));
    const decisions = this.tracker(event.document).applyChanges(changes, Date.now(), originOf(event.document));
    this.send(event.document, decisions);
  }

  private onSave(document: vscode.TextDocument): void {
    const tracker = this.enabled ? this.trackers.get(document.uri.toString()) : undefined;
    if (!tracker) {
      return;
    }
    const read = (start: number, end: number) =>
      document.getText(new vscode.Range(document.positionAt(start), document.positionAt(end)));
    this.send(document, tracker.onSave(read));
  }

  private send(document: vscode.TextDocument, decisions: FeedbackDecision[]): void {
    if (decisions.length === 0 || !this.client.isRunning) {
      return;
    }
    for (const decision of decisions) {
      const start = document.positionAt(decision.start);
      const end = document.positionAt(decision.end);
      const args: FeedbackArgs = {
        uri: document.uri.toString(),
        languageId: document.languageId,
        range: {
          start: { line: start.line, character: start.character },
          end: { line: end.line, character: end.character },
        },
        proposedText: decision.proposedText,
        outcome: decision.outcome,
        origin: decision.origin,
      };
      if (decision.finalText !== undefined) {
        args.finalText = decision.finalText;
      }
      void this.reasons.deliver(args);
    }
  }

  private execute(args: FeedbackArgs): void {
    if (!this.client.isRunning) {
      return;
    }
    const lines = args.proposedText.split('\n').length;
    const because = args.reason ? ' with a reason' : '';
    const where = vscode.workspace.asRelativePath(vscode.Uri.parse(args.uri));
    const what = `${args.outcome} ${args.origin} insertion of ${lines} lines in ${where}${because}`;
    this.client.execute<FeedbackResult>(ServerCommand.feedback, args).then(
      (result) => this.output.info(`Feedback sent: ${what}; ${result?.observations?.length ?? 0} observation(s)`),
      (error) => this.output.warn(`lore.feedback failed (${what}): ${String(error)}`),
    );
  }
}
