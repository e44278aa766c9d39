// The deal a person means, for the chat's deal actions (confirm, cancel): the one with the reference they
// gave; else, of their deals this action applies to, the one their words name (the other side, the
// category, the place, the value), or the only one; else the candidates as buttons that complete the action.
import { categoryLabel } from '../../ai/nlu/index.ts';
import { listUserDeals, type UserDeal } from '../../domain/deals/list-user-deals.ts';
import { resolveDealRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import type { ToolOutcome } from '../../../core/chat/outcome.ts';
import { chooseOne, narrowByWords, refuse, shortRef } from './refs.ts';
import type { ChatToolContext } from './registry.ts';

export interface DealChoiceRule {
  /** The deals the action applies to (the deal machine's own rule). */
  applies: (deal: UserDeal) => boolean;
  /** The tool a candidate's button runs. */
  tool: string;
  /** The refusal when no deal applies. */
  none: string;
  /** The refusal when the referenced deal is not one the action applies to; without it, the domain decides. */
  notApplicable?: string;
}

export async function dealMeant(
  ctx: ChatToolContext<{ roles: ['provider', 'seeker'] }>,
  input: { deal?: string; hint?: string },
  rule: DealChoiceRule,
): Promise<UserDeal | ToolOutcome> {
  const deals = await listUserDeals(ctx.deps.db.prisma, ctx.auth.user.id);
  if (input.deal) {
    const id = await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user.id, input.deal);
    const deal = id ? deals.find((d) => d.id === id) : undefined;
    if (!deal) return refuse(ctx, 'NOT_FOUND');
    return rule.notApplicable && !rule.applies(deal) ? refuse(ctx, rule.notApplicable) : deal;
  }
  const candidates = deals.filter(rule.applies);
  if (!candidates.length) return refuse(ctx, rule.none);
  const fit = narrowByWords(candidates, input.hint ?? '', (d) => ({
    names: [d.counterpart, categoryLabel(d.kategorie, ctx.lang), d.place],
    amountCents: d.valueCents,
  }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((d) => ({
      label: `#${shortRef(d.id)} · ${d.counterpart} · ${formatEuro(d.valueCents, ctx.lang)}`,
      tool: rule.tool,
      input: { deal: shortRef(d.id) },
    })),
  );
}
