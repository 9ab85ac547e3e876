/** The review loop of "Lore: Review Proposed Memories", without VS Code: the picker and the server
 * call are passed in, so the loop is unit-tested with fakes. */

import { memoryDescription, memoryLabel } from './args';
import { ServerCommand } from './constants';
import type { Memory, ProposalsArgs, ProposalsResult } from './protocol';

export type ProposalAction = 'confirm' | 'reject' | 'show';

export interface ProposalItem {
  label: string;
  description: string;
  detail: string;
  memory: Memory;
}

export interface ActionItem {
  label: string;
  description: string;
  action: ProposalAction;
}

export const PROPOSAL_ACTIONS: ActionItem[] = [
  { label: '$(check) Confirm', description: 'keep it: agents and you see it as confirmed', action: 'confirm' },
  { label: '$(close) Reject', description: 'forget it (restorable with `lore restore`)', action: 'reject' },
  { label: '$(preview) Show', description: 'read all of it first', action: 'show' },
];

/** What the loop needs from the editor. */
export interface ReviewUi {
  pickProposal(items: ProposalItem[]): Promise<ProposalItem | undefined>;
  pickAction(memory: Memory, actions: ActionItem[]): Promise<ActionItem | undefined>;
  show(memory: Memory): Promise<void>;
  info(message: string): void;
}

export type Execute = <T>(command: string, args: object) => Promise<T>;

/** The QuickPick item of a proposed memory: title, kind and scope, then the start of its body. */
export function proposalItem(memory: Memory): ProposalItem {
  const body = memory.body.split('\n').find((line) => line.trim()) ?? '';
  const where = memory.source?.path ? ` · ${memory.source.path}` : '';
  return {
    label: memoryLabel(memory),
    description: `${memoryDescription(memory)}${where}`,
    detail: body.length > 160 ? `${body.slice(0, 159)}…` : body,
    memory,
  };
}

/** List proposals, let the person confirm, reject or read one, and loop until they close the pick. */
export async function reviewLoop(ui: ReviewUi, execute: Execute): Promise<void> {
  for (;;) {
    const list: ProposalsArgs = { action: 'list' };
    const { proposals } = await execute<ProposalsResult>(ServerCommand.proposals, list);
    if (proposals.length === 0) {
      ui.info('No memories are waiting for review: what agents remember appears here.');
      return;
    }
    const picked = await ui.pickProposal(proposals.map(proposalItem));
    if (!picked) {
      return;
    }
    const action = await ui.pickAction(picked.memory, PROPOSAL_ACTIONS);
    if (!action) {
      continue;
    }
    if (action.action === 'show') {
      await ui.show(picked.memory);
      return;
    }
    const change: ProposalsArgs = { action: action.action, id: picked.memory.id };
    await execute<ProposalsResult>(ServerCommand.proposals, change);
  }
}
