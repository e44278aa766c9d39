// The follow-up editor's doors (core/contract/admin-followup.ts, decision 084).
import { apiFetch } from '@/lib/api';
import { call } from '@/lib/contract-client';
import type { FollowUpEditorView } from '../../../../core/api/follow-up.ts';
import type { FollowUpEdit } from '../../../../core/api/follow-up.ts';
import type { StepFigures } from '../../../../core/api/follow-up.ts';
import { adminFollowUpContract, type FollowUpStats } from '../../../../core/contract/admin-followup.ts';
import type { FollowUpScript, FollowUpStep } from '../../../../machines/follow-up-script.ts';

export type { FollowUpEditorView, FollowUpEdit, StepFigures, FollowUpScript, FollowUpStep, FollowUpStats };

export const followUpApi = {
  load: () => call(adminFollowUpContract.editor),
  stats: () => call(adminFollowUpContract.stats),
  save: (script: FollowUpScript) => call(adminFollowUpContract.save, { body: { script } }),
  edit: (edit: FollowUpEdit) => call(adminFollowUpContract.edit, { body: edit }),
  publish: () => call(adminFollowUpContract.publish, { body: {} }),
  restore: (number: number) => call(adminFollowUpContract.restore, { params: { number }, body: {} }),
};

/** Audio of a text from the server's offline voice (POST /api/tts), as an object URL for an <audio> element. */
export async function synthesize(text: string, lang: 'de' | 'en'): Promise<string> {
  const res = await apiFetch('/api/tts', { method: 'POST', body: { text, lang }, lang });
  return URL.createObjectURL(await res.blob());
}
