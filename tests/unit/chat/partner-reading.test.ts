// Plain words about earnings or a payout: the commission for a person who has brought others in, their own
// account for everyone else (decision 070). Rankings are given, so the rule is tested apart from the corpus:
// 'How much have I made so far?' once asked a seeker who had brought nobody in whether they meant the commission.
import { describe, expect, it } from 'vitest';
import { decideMessage } from '../../../server/ai/offline/policy.ts';
import type { IntentScore } from '../../../server/ai/understanding/classifier.ts';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { authAs } from '../../helpers/offline-decide.ts';

const allowed = chatTools.forState(authAs('seeker'), 'intake', 'choosingCategory').map((d) => d.name);
const catalog = chatTools.catalog();

function decide(text: string, partner: boolean, ranked: IntentScore[]) {
  return decideMessage({
    message: { text, lang: 'en', now: new Date('2026-11-28T10:00:00Z'), machine: 'intake', state: 'choosingCategory', partner },
    allowed,
    catalog,
    model: { lang: 'en', intents: ranked.map((r) => r.intent), classify: () => ranked },
  });
}

const close: IntentScore[] = [
  { intent: 'showBalance', raw: 0.53, score: 0.53 },
  { intent: 'showPartnerEarnings', raw: 0.46, score: 0.46 },
];
const closePartnerFirst: IntentScore[] = [close[1]!, close[0]!];

describe('earnings in plain words', () => {
  it('are the own account for a person who has brought nobody in, whichever reading comes first', () => {
    expect(decide('How much have I made so far?', false, close)).toMatchObject({ kind: 'tool', toolName: 'showBalance' });
    expect(decide('How much have I made so far?', false, closePartnerFirst)).toMatchObject({ kind: 'tool', toolName: 'showBalance' });
  });

  it('are the commission for a partner, whichever reading comes first', () => {
    expect(decide('How much have I made so far?', true, close)).toMatchObject({ kind: 'tool', toolName: 'showPartnerEarnings' });
    expect(decide('How much have I made so far?', true, closePartnerFirst)).toMatchObject({ kind: 'tool', toolName: 'showPartnerEarnings' });
  });

  it('keep the side the words name', () => {
    expect(decide('How much commission have I made so far?', false, closePartnerFirst)).toMatchObject({
      kind: 'clarify',
    });
    expect(decide('How many Goints have I got?', true, close)).toMatchObject({ kind: 'clarify' });
  });

  it("read 'request' as a side only where it names a request, not where it asks for something", () => {
    const payout: IntentScore[] = [
      { intent: 'requestPayout', raw: 0.72, score: 0.72 },
      { intent: 'requestPartnerPayout', raw: 0.04, score: 0.04 },
    ];
    expect(decide("Request a payout of everything I've got", true, payout)).toMatchObject({ kind: 'tool', toolName: 'requestPartnerPayout' });
    expect(decide('Pay out what my request earned', true, payout)).toMatchObject({ kind: 'tool', toolName: 'requestPayout' });
    expect(decide('Pay out the share from my requests', true, payout)).toMatchObject({ kind: 'tool', toolName: 'requestPayout' });
  });
});
