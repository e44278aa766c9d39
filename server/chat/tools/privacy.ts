// Privacy rights by chat (decision 046): 'Meine Daten exportieren' answers with a link card to the same download
// as the page (GET /api/me/export); 'Konto löschen' shows what would happen (or what stops it) and deletes the
// account only when the person presses 'Bestätigen' on the card, through the same domain command as the page.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { checkAccountDeletion, deleteAccount } from '../../domain/privacy/delete-account.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { DeleteMyAccountData, ExportMyDataData } from '../../../core/chat/output-types.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';

export const PRIVACY_PAGE = '/konto/datenschutz';

const refuse = (ctx: ChatToolContext, reason: string, data: Record<string, unknown> = {}): ToolOutcome => ({
  accepted: false,
  reason,
  state: ctx.machine.state,
  data,
});

function blockersText(lang: Lang, blockers: string[]): string {
  const t = translator(lang);
  return blockers.map((b) => t(`account:delete.blockers.${b}`) as string).join(' ');
}

export const privacyTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'exportMyData',
    description: "Gives the signed-in person links to download everything akut holds about them (JSON or a readable HTML page). Use for 'export my data'.",
    input: z.object({}),
    access: 'user',
    machine: '*',
    states: '*',
    understand: { intents: ['exportMyData'] },
    run: async (ctx) => ({
      accepted: true,
      state: ctx.machine.state,
      data: { jsonUrl: '/api/me/export?format=json', htmlUrl: `/api/me/export?format=html&lng=${ctx.lang}`, pageUrl: PRIVACY_PAGE } satisfies ExportMyDataData,
    }),
  }),
  defineChatTool({
    name: 'deleteMyAccount',
    description:
      "Deletes the signed-in person's own account. Only proposes it: the card shows what is deleted and kept, and nothing happens until the person presses 'Bestätigen'.",
    input: z.object({}),
    access: 'user',
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    understand: { intents: ['deleteMyAccount'] },
    precheck: async (ctx) => {
      const check = await checkAccountDeletion(ctx.deps.db.prisma, ctx.auth.user.id);
      return check.possible ? null : refuse(ctx, 'ACCOUNT_DELETION_BLOCKED', { blockers: blockersText(ctx.lang, check.blockers), pageUrl: PRIVACY_PAGE });
    },
    confirmData: async (ctx) => {
      const t = translator(ctx.lang);
      const user = ctx.auth.user;
      const check = await checkAccountDeletion(ctx.deps.db.prisma, user.id);
      const rows: ChangeView['rows'] = [
        { label: t('chat:privacy.change.name') as string, before: user.name, after: t('chat:privacy.change.deletedName') as string },
        { label: t('chat:privacy.change.email') as string, before: user.email, after: t('chat:privacy.change.removed') as string },
        { label: t('chat:privacy.change.chat') as string, before: t('chat:privacy.change.kept') as string, after: t('chat:privacy.change.removed') as string },
      ];
      if (check.openRequests)
        rows.push({
          label: t('chat:privacy.change.openRequests') as string,
          before: String(check.openRequests),
          after: t('chat:privacy.change.closedRefunded', { count: check.refundedUnlocks }) as string,
        });
      if (check.openOffers)
        rows.push({
          label: t('chat:privacy.change.openOffers') as string,
          before: String(check.openOffers),
          after: t('chat:privacy.change.withdrawn') as string,
        });
      if (check.goints) rows.push({ label: 'Goints', before: String(check.goints), after: t('chat:privacy.change.expired') as string });
      rows.push({
        label: t('chat:privacy.change.records') as string,
        before: t('chat:privacy.change.kept') as string,
        after: t('chat:privacy.change.pseudonymised', { years: check.retentionYears }) as string,
      });
      const change: ChangeView = { subject: t('chat:privacy.change.subject', { email: user.email }) as string, rows };
      return { change, earnings: check.earningsCents ? formatEuro(check.earningsCents, ctx.lang) : '' };
    },
    confirmSummary: () => ({ key: 'confirm.summary.deleteMyAccount' }),
    run: (ctx) =>
      attempt(ctx, async () => {
        const result = await deleteAccount(ctx.deps, ctx.auth.user.id);
        return { accepted: true, state: ctx.machine.state, data: { ...result, homeUrl: '/' } satisfies DeleteMyAccountData };
      }),
  }),
];
