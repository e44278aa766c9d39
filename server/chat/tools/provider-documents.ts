// Uploading a trade document (Gewerbeschein, Handwerkskarte) from the chat: a chat message carries no file,
// so the tool answers with an upload card (kind, file, send) that posts the file to the same door as the
// dashboard, POST /api/provider/verification, which checks the role, the type by content and the size.
// The card shows the limits the server holds and the provider's documents so far.
import { z } from 'zod';
import { translator } from '../../i18n.ts';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, listOwnVerificationDocuments } from '../../domain/providers/verification-documents.ts';
import { getOwnProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';

/** What the upload card needs: the kinds and limits of the server, and where the provider stands. */
export interface DocumentUploadData {
  kinds: readonly (typeof DOCUMENT_KINDS)[number][];
  types: readonly (typeof DOCUMENT_TYPES)[number][];
  maxMb: number;
  verification: 'none' | 'pending' | 'verified' | 'rejected';
  verificationText: string;
  count: number;
}

export const providerDocumentTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'uploadTradeDocument',
    description:
      "Opens the upload card for a trade document (Gewerbeschein or Handwerkskarte: PDF, JPEG or PNG, at most 5 MB) for the 'Verifiziert' badge. The person picks the file on the card; an admin reviews it.",
    input: z.object({}),
    access: { roles: ['provider'] },
    machine: 'providerDesk',
    states: '*',
    // Above listTradeDocuments (60): 'Gewerbeschein hochladen' is an upload, not a question about the state.
    understand: { intents: ['uploadTradeDocument'] },
    run: async (ctx) => {
      const t = translator(ctx.lang);
      const [docs, profile] = await Promise.all([
        listOwnVerificationDocuments(ctx.deps.db.prisma, ctx.auth.user.id),
        getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id),
      ]);
      const verification = profile?.verification ?? 'none';
      const data: DocumentUploadData = {
        kinds: DOCUMENT_KINDS,
        types: DOCUMENT_TYPES,
        maxMb: MAX_DOCUMENT_BYTES / 1024 / 1024,
        verification,
        verificationText: t(`chat:providerProfile.verification.${verification}`) as string,
        count: docs.length,
      };
      return { accepted: true, state: ctx.machine.state, data: { ...data } };
    },
  }),
];
