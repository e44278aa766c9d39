// Two close readings that are both small talk are answered, not asked back (policy.ts): 'thanks, bye!' once
// got 'Did you mean: Goodbye · Thanks'. Rankings are given, so the rule is tested apart from the corpus.
import { describe, expect, it } from 'vitest';
import { decideMessage } from '../../../server/ai/offline/policy.ts';
import type { IntentScore } from '../../../server/ai/understanding/classifier.ts';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { authAs } from '../../helpers/offline-decide.ts';

const allowed = chatTools.forState(authAs('seeker'), 'intake', 'choosingCategory').map((d) => d.name);
const catalog = chatTools.catalog();

function decide(text: string, ranked: IntentScore[]) {
  return decideMessage({
    message: { text, lang: 'en', now: new Date('2026-11-29T10:00:00Z'), machine: 'intake', state: 'choosingCategory' },
    allowed,
    catalog,
    model: { lang: 'en', intents: ranked.map((r) => r.intent), classify: () => ranked },
  });
}

describe('close readings', () => {
  it('that are all small talk are answered with the first', () => {
    const ranked: IntentScore[] = [
      { intent: 'smallTalk.bye', raw: 0.57, score: 0.57 },
      { intent: 'smallTalk.thanks', raw: 0.41, score: 0.41 },
    ];
    expect(decide('thanks, bye!', ranked)).toMatchObject({ kind: 'spoken', intent: 'smallTalk.bye' });
  });

  it('of which one is an action are still asked back', () => {
    const ranked: IntentScore[] = [
      { intent: 'smallTalk.thanks', raw: 0.5, score: 0.5 },
      { intent: 'listOffers', raw: 0.45, score: 0.45 },
    ];
    expect(decide('thanks, any offers?', ranked)).toMatchObject({ kind: 'clarify' });
  });
});
