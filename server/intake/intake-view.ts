// The intake view (docs/domain/intake-contract.md): what the chat widgets render and the replies are phrased
// from, read from the intake machine's context. Used by the intake tools and by the session's greeting.
import { EMPTY_DRAFT, type IntakeContext } from '../../machines/intake.machine.ts';
import { teaserDescription } from '../domain/requests/request-views.ts';
import type { Lang } from '../i18n.ts';
import type { MachineRun } from '../machines/runtime.ts';

export type IntakeViewData = Record<string, unknown>;

export function contextOf(machine: MachineRun): IntakeContext {
  const c = machine.context as Partial<IntakeContext>;
  return {
    firstName: c.firstName ?? null,
    draft: { ...EMPTY_DRAFT, ...(c.draft ?? {}) },
    skipped: c.skipped ?? [],
    version: c.version ?? 0,
    requestId: c.requestId ?? null,
    requestStatus: c.requestStatus ?? null,
    said: Array.isArray(c.said) ? c.said : [],
  };
}

export function intakeView(machine: MachineRun, lang: Lang, extra: IntakeViewData = {}): IntakeViewData {
  const c = contextOf(machine);
  return {
    firstName: c.firstName,
    category: c.draft.category,
    description: c.draft.description,
    postcode: c.draft.postcode,
    place: c.draft.place,
    budgetMin: c.draft.budgetMin,
    budgetMax: c.draft.budgetMax,
    budgetOpen: c.skipped.includes('budget'),
    urgency: c.draft.urgency,
    date: c.draft.date,
    version: c.version,
    // The description as providers will see it before unlocking (the same function as their teaser).
    teaser: c.draft.description ? teaserDescription(c.draft.description, lang) : null,
    ...(c.requestId ? { requestId: c.requestId, requestStatus: c.requestStatus } : {}),
    ...extra,
  };
}
