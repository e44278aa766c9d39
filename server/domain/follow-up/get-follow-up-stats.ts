// Per step of the published follow-up script: how many intake sessions built from it reached the step and how
// many left there (reached it but not the next shown step). Read from the steps the sessions' machines said.
import type { Db } from '../../db.ts';
import { findPublished, scriptOf } from './follow-up-versions.ts';
import type { StepFigures } from '../../../core/api/follow-up.ts';
export type { StepFigures } from '../../../core/api/follow-up.ts';

const MAX_SESSIONS = 50_000;

export async function getFollowUpStats(db: Db): Promise<{ versionNumber: number | null; sessions: number; steps: StepFigures[] }> {
  const published = await findPublished(db);
  if (!published) return { versionNumber: null, sessions: 0, steps: [] };
  const rows = await db.chatSession.findMany({
    where: { followUpVersionId: published.id },
    select: { machineSnapshot: true },
    orderBy: { createdAt: 'desc' },
    take: MAX_SESSIONS,
  });
  const reached = new Map<string, number>();
  for (const row of rows) {
    const said = (row.machineSnapshot as { context?: { said?: unknown } } | null)?.context?.said;
    for (const id of new Set(Array.isArray(said) ? (said as string[]) : [])) reached.set(id, (reached.get(id) ?? 0) + 1);
  }
  const shown = scriptOf(published.config).steps.filter((s) => s.active);
  const steps = shown.map((s, i) => {
    const here = reached.get(s.id) ?? 0;
    const next = shown[i + 1];
    return { id: s.id, reached: here, leftHere: next ? Math.max(0, here - (reached.get(next.id) ?? 0)) : 0 };
  });
  return { versionNumber: published.number, sessions: rows.length, steps };
}
