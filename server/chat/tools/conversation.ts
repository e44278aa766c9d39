// Tools of the conversation itself, offered in every state: asking back when two actions are close
// (clarify), the help of this role right now (grouped, an example to click for each action), a new
// conversation, and the way to a human (the contact form; signed-in people write to the support team,
// affiliate.ts's writeSupportMessage).
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { SPOKEN_INTENTS } from '../../ai/offline/catalog.ts';
import type { AuthContext } from '../../auth/guards.ts';
import type { MachineRun } from '../../machines/runtime.ts';
import type { Choice } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext, type ToolRegistry } from './registry.ts';
import type { ClarifyData, HelpData, HelpGroup } from '../../../core/chat/output-types.ts';

/** The groups of the help, in the order shown, with the intents each holds (each intent once). */
export const HELP_GROUPS: readonly { id: string; intents: readonly string[] }[] = [
  { id: 'request', intents: ['need', 'listMyRequests', 'closeMyRequest'] },
  { id: 'offers', intents: ['listOffers', 'acceptOffer', 'declineOffer'] },
  { id: 'market', intents: ['listMatches', 'showNews', 'unlockRequest', 'startOffer', 'listSentOffers', 'withdrawOffer', 'dismissMatch'] },
  { id: 'deals', intents: ['listDeals', 'confirmDeal', 'cancelDeal', 'rateDeal'] },
  {
    id: 'money',
    intents: ['showBalance', 'buyGoints', 'listPurchases', 'requestPayout', 'listPayouts', 'addPayoutMethod', 'listPayoutMethods', 'removePayoutMethod'],
  },
  { id: 'favorites', intents: ['listFavorites', 'changeFavorite', 'sendDealInquiry'] },
  {
    id: 'profile',
    intents: ['showProviderProfile', 'editProviderProfile', 'createProviderProfile', 'giveTraderDetails', 'uploadTradeDocument', 'listTradeDocuments'],
  },
  {
    id: 'partner',
    intents: [
      'showReferralCode',
      'invitePartnerFriend',
      'showPartnerEarnings',
      'showPartnerNetwork',
      'showMarketingText',
      'requestPartnerPayout',
      'setPartnerRanking',
      'editPartnerProfile',
    ],
  },
  { id: 'adminOverview', intents: ['getPlatformOverview', 'getRecentActivity'] },
  { id: 'adminRequests', intents: ['moderationQueue', 'adminListRequests', 'adminModerateRequest', 'adminCloseRequest', 'adminListDeals'] },
  { id: 'adminMoney', intents: ['listPendingPayouts', 'approvePayout', 'rejectPayout', 'setCategoryPrice', 'changeCommissionPlan'] },
  { id: 'adminPeople', intents: ['suspendUser', 'unsuspendUser', 'changeUserRole', 'listDocumentReviews', 'reviewTradeDocument'] },
  { id: 'adminReports', intents: ['adminListReports', 'adminDecideReport', 'adminDecideObjection'] },
  { id: 'adminCommissions', intents: ['adminListHeldCommissions', 'adminReleaseCommission', 'adminVoidCommission'] },
  { id: 'adminPartners', intents: ['listSupportInbox', 'answerSupportMessage', 'showMarketingTexts', 'editMarketingText'] },
  {
    id: 'adminScript',
    intents: ['showFollowUpScript', 'addFollowUpStep', 'moveFollowUpStep', 'hideFollowUpStep', 'showFollowUpStep', 'publishFollowUpScript'],
  },
  { id: 'adminSettings', intents: ['showSettings', 'changeSetting'] },
  { id: 'account', intents: ['contactHuman', 'newConversation', 'exportMyData', 'deleteMyAccount'] },
];

/** The intents this person can act on in this state: those of the tools offered now, and the spoken ones. */
export function actionableIntents(registry: ToolRegistry, auth: AuthContext, machine: Pick<MachineRun, 'name' | 'state'>): Set<string> {
  const out = new Set<string>(SPOKEN_INTENTS);
  for (const def of registry.forState(auth, machine.name, machine.state)) for (const intent of def.understand?.intents ?? []) out.add(intent);
  return out;
}

const label = (lang: Lang, intent: string) => translator(lang)(`chat:intents.${intent}.label`, { defaultValue: '' }) as string;
const example = (lang: Lang, intent: string) => translator(lang)(`chat:intents.${intent}.example`, { defaultValue: '' }) as string;

/** The help of this role now: the groups with something in them, an example to click for each action. */
export function helpGroups(ctx: Pick<ChatToolContext, 'registry' | 'auth' | 'machine' | 'lang'>): HelpGroup[] {
  const can = actionableIntents(ctx.registry, ctx.auth, ctx.machine);
  const t = translator(ctx.lang);
  return HELP_GROUPS.map((g) => ({
    id: g.id,
    title: t(`chat:help.groups.${g.id}`) as string,
    actions: g.intents.filter((i) => can.has(i) && example(ctx.lang, i)).map((i) => ({ intent: i, label: label(ctx.lang, i), example: example(ctx.lang, i) })),
  })).filter((g) => g.actions.length > 0);
}

const intentId = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9.]{0,63}$/);

export const conversationTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'clarify',
    description:
      "Asks the person which of two or three actions they mean when their message could mean either (for example 'Meine Anfragen zeigen' or 'Neue Anfrage stellen'). Pass the intent ids of the candidate actions, most likely first; the person gets them as buttons.",
    input: z.object({ options: z.array(intentId).min(2).max(3).describe('Intent ids of the candidate actions, most likely first') }),
    access: 'public',
    machine: '*',
    states: '*',
    run: async (ctx, input) => {
      const can = actionableIntents(ctx.registry, ctx.auth, ctx.machine);
      const options = [...new Set(input.options)].filter((i) => can.has(i) && label(ctx.lang, i));
      if (options.length < 2) return { accepted: false, reason: 'NOT_POSSIBLE_NOW', state: ctx.machine.state, data: { groups: helpGroups(ctx) } };
      const choices: Choice[] = options.map((intent) => ({ intent, label: label(ctx.lang, intent) }));
      return {
        accepted: true,
        state: ctx.machine.state,
        choices,
        data: { options: choices.map((c) => c.label), text: ctx.userText ?? '' } satisfies ClarifyData,
      };
    },
  }),
  defineChatTool({
    name: 'showHelp',
    description:
      'Shows what the person can do here right now, grouped, with an example to click for each action. Use it when asked what you can do, or when nothing they said fits.',
    input: z.object({ notUnderstood: z.boolean().optional().describe('True when the message fitted no action') }),
    access: 'public',
    machine: '*',
    states: '*',
    understand: { intents: ['help'] },
    run: async (ctx, input) => ({
      accepted: true,
      state: ctx.machine.state,
      data: { groups: helpGroups(ctx), notUnderstood: input.notUnderstood === true } satisfies HelpData,
    }),
  }),
  defineChatTool({
    name: 'startNewConversation',
    description: 'Starts a new, empty conversation (the person asked to begin again). The old one stays in their account.',
    input: z.object({}),
    access: 'public',
    machine: '*',
    states: '*',
    understand: { intents: ['newConversation'] },
    run: async (ctx) => ({ accepted: true, state: ctx.machine.state, data: { newConversation: true } }),
  }),
  defineChatTool({
    name: 'showContactForm',
    description: 'Gives a visitor who is not signed in the way to a human: the contact form (signed-in people write to the support team instead).',
    input: z.object({}),
    access: 'public',
    machine: '*',
    states: '*',
    understand: { intents: ['contactHuman'] },
    run: async (ctx) => ({ accepted: true, state: ctx.machine.state, data: { href: '/kontakt' } }),
  }),
];
