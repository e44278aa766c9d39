// The provider's purchases and trade documents by chat: Goints purchases with a link to each paid one's
// receipt (/quittung/:id), and the upload state of the trade documents (Gewerbeschein, Handwerkskarte).
// Read only; the same domain queries as GET /api/shop/purchases and GET /api/provider/verification.
// Buying is market.ts's buyGoints (package card, checkout on the person's click); uploading a file is
// provider-documents.ts (an upload card in the chat).
import { z } from 'zod';
import { translator } from '../../i18n.ts';
import { listPurchases } from '../../domain/shop/receipt.ts';
import { listOwnVerificationDocuments } from '../../domain/providers/verification-documents.ts';
import { getOwnProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';
import type { ListPurchasesData, ListTradeDocumentsData, PurchaseRow, TradeDocumentRow } from '../../../core/chat/output-types.ts';

const provider = { roles: ['provider'] } as const;

export const providerShopTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listPurchases',
    description: "Lists the provider's Goints purchases (package, Goints, price, status) with a link to the receipt of each paid one.",
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    understand: { intents: ['listPurchases'] },
    run: async (ctx) => {
      const t = translator(ctx.lang);
      const purchases = (await listPurchases(ctx.deps.db.prisma, ctx.auth.user.id)).slice(0, 10).map(
        (p): PurchaseRow => ({
          ref: shortRef(p.id),
          packageId: p.packageId,
          goints: p.goints,
          grossCents: p.grossCents,
          status: p.status,
          receiptNumber: p.receiptNumber,
          receiptUrl: p.receiptNumber ? `/quittung/${p.id}` : null,
          createdAt: p.createdAt,
        }),
      );
      const list = purchases
        .map((p) =>
          [`${p.goints} Goints`, formatEuro(p.grossCents, ctx.lang), t(`chat:status.${p.status}`, { defaultValue: p.status }) as string, p.receiptUrl]
            .filter(Boolean)
            .join(' · '),
        )
        .join('; ');
      return { accepted: true, state: ctx.machine.state, data: { purchases, count: purchases.length, list } satisfies ListPurchasesData };
    },
  }),
  defineChatTool({
    name: 'listTradeDocuments',
    description: "Shows the provider's verification state and the upload state of each trade document (pending, approved, rejected with the note).",
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    understand: { intents: ['listTradeDocuments'] },
    run: async (ctx) => {
      const t = translator(ctx.lang);
      const [docs, profile] = await Promise.all([
        listOwnVerificationDocuments(ctx.deps.db.prisma, ctx.auth.user.id),
        getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id),
      ]);
      const documents = docs.map((d): TradeDocumentRow => ({ kind: d.kind, fileName: d.fileName, status: d.status, note: d.note, createdAt: d.createdAt }));
      const verification = profile?.verification ?? 'none';
      const list = documents
        .map((d) => `${t(`chat:providerProfile.document.${d.kind}`)}: ${t(`chat:providerProfile.documentStatus.${d.status}`)}${d.note ? ` (${d.note})` : ''}`)
        .join('; ');
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          verification,
          verificationText: t(`chat:providerProfile.verification.${verification}`) as string,
          documents,
          count: documents.length,
          list,
        } satisfies ListTradeDocumentsData,
      };
    },
  }),
];
