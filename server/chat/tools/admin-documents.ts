// Admin chat tools for the trade documents ('Nachweise'): the documents waiting for review, and approving or
// rejecting one with a note, named by its reference, the provider's company or name, or its kind. The same
// domain query and command as the verifications tab (listVerificationDocuments, decideVerificationDocument,
// then the provider is told); a decision is a before/after card that runs only on the admin's click, audited
// with via 'chat'.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import {
  decideVerificationDocument,
  listVerificationDocuments,
  verificationNote,
  type PendingDocument,
} from '../../domain/providers/verification-documents.ts';
import { formatDate } from '../../../core/money/format-money.ts';
import type { DocumentReviewRow, ListDocumentReviewsData } from '../../../core/chat/output-types.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByPerson, refuse, shortRef } from './refs.ts';
import { reasonAfterCommand } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
/** How many waiting documents a chat answer lists; the verifications tab shows all. */
const CHAT_ROWS = 10;
type AdminCtx = ChatToolContext<typeof admin>;

/** Rejecting, not approving, a document: 'ablehnen', 'gefälscht', 'reject', 'forged', 'not valid'. */
const REJECT_WORDS =
  /\b(ablehn\w*|abgelehnt|lehn\w*|zuruckweis\w*|zuruckgewies\w*|abweis\w*|verweiger\w*|gefalscht\w*|ungultig\w*|unleserlich\w*|abgelaufen\w*|reject\w*|declin\w*|refus\w*|deny|turn(ed)? down|forged|invalid|expired|not valid)\b/;
const isRejection = (text: string) => REJECT_WORDS.test(foldText(text, 'de'));

/** The words of a review command, never part of a company's or person's name. */
const DOCUMENT_WORDS = new Set(
  'gewerbeschein gewerbescheine handwerkskarte handwerkskarten nachweis nachweise dokument dokumente unterlagen meisterbrief gewerbeanmeldung licence license licences trade document documents proof paperwork certificate freigeben bestatigen genehmigen verifizieren approve verify accept confirm reject ablehnen bitte please anbieter provider'.split(
    ' ',
  ),
);

const kindLabel = (kind: string, lang: Lang) => translator(lang)(`chat:admin.documentKind.${kind}`, { defaultValue: kind }) as string;
const verificationLabel = (v: string, lang: Lang) => translator(lang)(`chat:admin.verification.${v}`, { defaultValue: v }) as string;

function documentRow(d: PendingDocument, lang: Lang): DocumentReviewRow {
  return {
    ref: shortRef(d.id),
    id: d.id,
    company: d.firmenname,
    name: d.providerName,
    email: d.providerEmail,
    kind: d.kind,
    kindLabel: kindLabel(d.kind, lang),
    fileName: d.fileName,
    fileUrl: `/api/admin/verifications/${d.id}/file`,
    uploadedAt: d.createdAt,
    uploaded: formatDate(d.createdAt, lang),
    verification: d.verification,
    verificationLabel: verificationLabel(d.verification, lang),
  };
}

/** The kind a message names ('Gewerbeschein', 'Handwerkskarte', 'trade licence', 'craft card'), or null. */
function kindNamed(text: string): PendingDocument['kind'] | null {
  const f = foldText(text, 'de');
  if (/\b(handwerkskarte\w*|craft card|meisterbrief\w*|master\w* certificate)\b/.test(f)) return 'handwerkskarte';
  if (/\b(gewerbeschein\w*|gewerbeanmeldung\w*|trade licen[cs]e\w*|business (licen[cs]e|registration)\w*)\b/.test(f)) return 'gewerbeschein';
  return null;
}

type Named = { document?: string; hint?: string; decision: 'approve' | 'reject'; note?: string };

/**
 * The pending document the admin means: the one with this reference; else the one their words name (the
 * company or person, then the kind; 'the oldest' is the first), or the only one; else the candidates as buttons.
 */
async function documentNamed(ctx: AdminCtx, input: Named): Promise<PendingDocument | ReturnType<typeof refuse>> {
  const pending = await listVerificationDocuments(ctx.deps.db.prisma, 'pending');
  if (input.document) {
    const ref = input.document.replace(/^#/, '').toLowerCase();
    return pending.find((d) => d.id.startsWith(ref)) ?? refuse(ctx, 'ADMIN_DOCUMENT_NOT_FOUND', { ref: ref.slice(0, 8) });
  }
  if (!pending.length) return refuse(ctx, 'NO_DOCUMENTS_TO_REVIEW');
  const hint = input.hint ?? '';
  const byName = narrowByPerson(pending, hint, (d) => ({ names: [d.firmenname, d.providerName], email: d.providerEmail }), DOCUMENT_WORDS);
  if (byName && !byName.length) return refuse(ctx, 'NO_DOCUMENTS_TO_REVIEW');
  let fit = byName ?? pending;
  const kind = kindNamed(hint);
  if (kind && fit.some((d) => d.kind === kind)) fit = fit.filter((d) => d.kind === kind);
  if (fit.length > 1 && /\b(altest\w*|erst\w*|oldest|first)\b/.test(foldText(hint, 'de'))) fit = [fit[0]!];
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((d) => ({
      label: `#${shortRef(d.id)} · ${d.firmenname} · ${kindLabel(d.kind, ctx.lang)} · ${d.fileName}`,
      tool: 'reviewTradeDocument',
      input: { document: shortRef(d.id), decision: input.decision, ...(input.note ? { note: input.note } : {}) },
    })),
    { context: input.decision },
  );
}

export const adminDocumentTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listDocumentReviews',
    description:
      "Lists the providers' trade documents (Gewerbeschein, Handwerkskarte) waiting for review, oldest first: company, kind, file, upload date, reference and a link to open the file (admins only).",
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['listDocumentReviews'] },
    run: async (ctx) => {
      const pending = await listVerificationDocuments(ctx.deps.db.prisma, 'pending');
      const documents = pending.slice(0, CHAT_ROWS).map((d) => documentRow(d, ctx.lang));
      const t = translator(ctx.lang);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          documents,
          count: pending.length,
          shown: documents.length,
          company: documents[0]?.company ?? '',
          list: documents.map((d) => `• ${t('chat:admin.documentLine', { ...d })}`).join('\n'),
        } satisfies ListDocumentReviewsData,
        // Each row's actions, as the card's buttons send them.
        choices: documents.flatMap((d) => [
          { label: t('chat:admin.say.approveDocument', { ref: d.ref }), tool: 'reviewTradeDocument', input: { document: d.ref, decision: 'approve' } },
          { label: t('chat:admin.say.rejectDocument', { ref: d.ref }), tool: 'reviewTradeDocument', input: { document: d.ref, decision: 'reject' } },
        ]),
      };
    },
  }),
  defineChatTool({
    name: 'reviewTradeDocument',
    description:
      "Approves (the provider gets the 'Verifiziert' badge) or rejects a provider's trade document waiting for review, with an optional note the provider reads: by its reference, or by how the admin named it in hint (the company or person, the kind); with neither, the only waiting one, or the waiting ones as buttons. Only proposes it: the admin confirms the before/after card.",
    input: z.object({
      document: z.string().trim().min(6).max(40).optional().describe("The document's reference ('#a1b2c3'), when the admin named it"),
      hint: z.string().trim().max(300).optional().describe('How the admin named the document otherwise: the company or person, the kind'),
      decision: z.enum(['approve', 'reject']),
      note: verificationNote.optional().describe("The admin's note (the reason, when rejecting)"),
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const d = await documentNamed(ctx, input);
      return isToolOutcome(d) ? d : null;
    },
    pinInput: async (ctx, input) => {
      const d = await documentNamed(ctx, input);
      return isToolOutcome(d) ? input : { document: d.id, decision: input.decision, ...(input.note ? { note: input.note } : {}) };
    },
    confirmData: async (ctx, input) => {
      const d = await documentNamed(ctx, input);
      if (isToolOutcome(d)) return {};
      const t = translator(ctx.lang);
      const status = (s: string) => t(`admin:verifications.status.${s}`) as string;
      const rows: ChangeView['rows'] = [
        { label: t('chat:admin.change.status') as string, before: status('pending'), after: status(input.decision === 'approve' ? 'approved' : 'rejected') },
      ];
      if (input.decision === 'approve')
        rows.push({
          label: t('chat:admin.change.badge') as string,
          before: verificationLabel(d.verification, ctx.lang),
          after: verificationLabel('verified', ctx.lang),
        });
      rows.push({ label: t('chat:admin.change.note') as string, before: null, after: input.note?.trim() || (t('admin:requests.change.none') as string) });
      rows.push({ label: t('chat:admin.change.notice') as string, before: null, after: t('chat:admin.change.providerMail') as string });
      const subject = t('chat:admin.change.document', { kind: kindLabel(d.kind, ctx.lang), company: d.firmenname, file: d.fileName }) as string;
      return { change: { subject, rows } satisfies ChangeView, ref: shortRef(d.id), company: d.firmenname, kind: kindLabel(d.kind, ctx.lang) };
    },
    confirmSummary: (input, data) => ({
      key: input.decision === 'approve' ? 'confirm.summary.approveTradeDocument' : 'confirm.summary.rejectTradeDocument',
      params: { ref: String(data?.ref ?? ''), company: String(data?.company ?? ''), kind: String(data?.kind ?? '') },
    }),
    understand: {
      intents: ['reviewTradeDocument'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const decision = isRejection(text) ? 'reject' : 'approve';
        const note = decision === 'reject' ? reasonAfterCommand(text, REJECT_WORDS) : '';
        return { ...(ref ? { document: ref } : { hint: text.slice(0, 300) }), decision, ...(note ? { note: note.slice(0, 500) } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const d = await documentNamed(ctx, input);
        if (isToolOutcome(d)) return d;
        const note = input.note?.trim() || undefined;
        const result = await decideVerificationDocument(ctx.deps, ctx.auth.user.id, d.id, input.decision, note, 'chat');
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { ref: shortRef(d.id), company: d.firmenname, kind: kindLabel(d.kind, ctx.lang), status: result.status, context: result.status },
        };
      }),
  }),
];
