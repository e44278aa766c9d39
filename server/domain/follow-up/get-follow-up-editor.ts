// What the follow-up editor (and the admin chat) shows: the working copy (draft or the script in use), its
// check, the published version and every version for restoring.
import type { Db } from '../../db.ts';
import type { FollowUpScript } from '../../../machines/follow-up-script.ts';
import { loadFollowUpScript } from '../../intake/follow-up-script.ts';
import { checkFollowUpScript } from './check-follow-up-script.ts';
import { findDraft } from './follow-up-versions.ts';
import type { FollowUpEditorView } from '../../../core/api/follow-up.ts';
export type { FollowUpEditorView } from '../../../core/api/follow-up.ts';

export async function getFollowUpEditor(db: Db): Promise<FollowUpEditorView> {
  const [draft, live, versions] = await Promise.all([
    findDraft(db),
    loadFollowUpScript(db),
    db.followUpScriptVersion.findMany({ orderBy: { number: 'desc' }, take: 100 }),
  ]);
  const script = draft ? (draft.config as FollowUpScript) : live.script;
  return {
    script,
    draft: draft ? { id: draft.id, number: draft.number, restoredFrom: draft.restoredFrom, updatedAt: draft.updatedAt.toISOString() } : null,
    live: { source: live.source, number: live.versionNumber },
    check: checkFollowUpScript(script),
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      status: v.status,
      steps: Array.isArray((v.config as { steps?: unknown[] })?.steps) ? (v.config as { steps: unknown[] }).steps.length : 0,
      createdAt: v.createdAt.toISOString(),
      publishedAt: v.publishedAt?.toISOString() ?? null,
      restoredFrom: v.restoredFrom,
    })),
  };
}
