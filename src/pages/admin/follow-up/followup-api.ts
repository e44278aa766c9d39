// The follow-up editor's doors (server/http/admin-followup.ts), typed as they answer.
import { api, apiFetch } from '@/lib/api';
import type { FollowUpEditorView } from '../../../../core/api/follow-up.ts';
import type { FollowUpEdit } from '../../../../core/api/follow-up.ts';
import type { StepFigures } from '../../../../core/api/follow-up.ts';
import type { FollowUpScript, FollowUpStep } from '../../../../machines/follow-up-script.ts';

export type { FollowUpEditorView, FollowUpEdit, StepFigures, FollowUpScript, FollowUpStep };
export interface FollowUpStats {
  versionNumber: number | null;
  sessions: number;
  steps: StepFigures[];
}

const post = <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });

export const followUpApi = {
  load: () => api<FollowUpEditorView>('/api/admin/followup'),
  stats: () => api<FollowUpStats>('/api/admin/followup/stats'),
  save: (script: FollowUpScript) => api<FollowUpEditorView>('/api/admin/followup/draft', { method: 'PUT', body: { script } }),
  edit: (edit: FollowUpEdit) => post<FollowUpEditorView>('/api/admin/followup/draft/edit', edit),
  publish: () => post<FollowUpEditorView>('/api/admin/followup/publish'),
  restore: (number: number) => post<FollowUpEditorView>(`/api/admin/followup/versions/${number}/restore`),
};

/** Audio of a text from the server's offline voice (POST /api/tts), as an object URL for an <audio> element. */
export async function synthesize(text: string, lang: 'de' | 'en'): Promise<string> {
  const res = await apiFetch('/api/tts', { method: 'POST', body: { text, lang }, lang });
  return URL.createObjectURL(await res.blob());
}
