// A report of content as illegal or against the terms (notice and action, DSA Art. 16, 17 and 20;
// docs/domain/reports.md). Open until an admin decides: remove, restrict or keep, with a statement of
// reasons. The person whose content was removed or restricted may object once; an admin other than the one
// who decided then upholds or reverses the decision. Pure; the server keeps the snapshot on the
// ContentReport row, derives the status from the state and applies the decision's effect in the same
// transaction.
import { assign, setup } from 'xstate';

export const REPORT_DECISIONS = ['remove', 'restrict', 'keep'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export type ContentReportEvent =
  | { type: 'DECIDED'; decision: ReportDecision; adminId: string }
  | { type: 'OBJECTED' }
  | { type: 'UPHELD'; adminId: string }
  | { type: 'REVERSED'; adminId: string };

export const REPORT_STATUSES = ['open', 'decided', 'objected', 'upheld', 'reversed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface ContentReportContext {
  decision: ReportDecision | null;
  decidedById: string | null;
}

export const contentReportMachine = setup({
  types: { context: {} as ContentReportContext, events: {} as ContentReportEvent },
  guards: {
    // Only a decision that took something away can be objected to by the person it concerns.
    contentTouched: ({ context }) => context.decision === 'remove' || context.decision === 'restrict',
    // The objection goes to another admin than the one who decided (DSA Art. 20: not the same decision again).
    anotherAdmin: ({ context, event }) => 'adminId' in event && event.adminId !== context.decidedById,
  },
}).createMachine({
  id: 'contentReport',
  initial: 'open',
  context: { decision: null, decidedById: null },
  states: {
    open: {
      description: 'Reported; the content as it was reported waits in the admins’ queue.',
      on: {
        DECIDED: {
          target: 'decided',
          actions: assign(({ event }) => ({ decision: event.decision, decidedById: event.adminId })),
        },
      },
    },
    decided: {
      description: 'An admin decided (remove, restrict or keep) with a statement of reasons; the affected person and the reporter were told.',
      on: { OBJECTED: { target: 'objected', guard: 'contentTouched' } },
    },
    objected: {
      description: 'The affected person objected (once); another admin must decide.',
      on: {
        UPHELD: { target: 'upheld', guard: 'anotherAdmin' },
        REVERSED: { target: 'reversed', guard: 'anotherAdmin' },
      },
    },
    upheld: { type: 'final', description: 'Another admin confirmed the decision.' },
    reversed: { type: 'final', description: 'Another admin reversed the decision: the content is shown again as far as it can be.' },
  },
});
