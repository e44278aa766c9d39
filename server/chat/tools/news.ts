// 'Was gibt's Neues?': what is new for the signed-in person, from the same counts as the chat's greeting by
// name (new offers, new matches, deals waiting for their confirmation or rating), with buttons to look.
import { z } from 'zod';
import { translator } from '../../i18n.ts';
import { getWhatsNew, type WhatsNew } from '../../domain/users/get-whats-new.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';
import type { Choice } from '../../../core/chat/outcome.ts';
import type { ShowNewsData } from '../../../core/chat/output-types.ts';

const KINDS = ['offers', 'matches', 'dealsToConfirm', 'dealsToRate'] as const;
/** The intent whose tool shows each kind of news. */
const LOOK: Record<(typeof KINDS)[number], string> = { offers: 'listOffers', matches: 'listMatches', dealsToConfirm: 'listDeals', dealsToRate: 'rateDeal' };

export const newsTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showNews',
    description:
      'Tells the person what is new for them: new offers (seekers), new matching requests (providers), deals waiting for their confirmation or rating.',
    input: z.object({}),
    access: { roles: ['seeker', 'provider'] },
    machine: '*',
    states: '*',
    understand: { intents: ['showNews'] },
    run: async (ctx) => {
      const n: WhatsNew = await getWhatsNew(ctx.deps.db.prisma, { id: ctx.auth.user.id, role: ctx.auth.user.role }, ctx.lang);
      const t = translator(ctx.lang);
      const present = KINDS.filter((k) => n[k] > 0);
      const items = present.map((k) => t(`chat:news.${k}`, { count: n[k] }) as string).join(', ');
      const choices: Choice[] = present.map((k) => ({ label: t(`chat:intents.${LOOK[k]}.label`) as string, intent: LOOK[k] }));
      return { accepted: true, state: ctx.machine.state, choices, data: { ...n, items, text: '' } satisfies ShowNewsData };
    },
  }),
];
