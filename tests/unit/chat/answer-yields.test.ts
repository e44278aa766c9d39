// Where the intake has asked what the person needs, a message naming something of a category is a plain answer
// (a new need). It must not swallow a question about the person's own things when the classifier reads that
// question far more strongly than a need: 'add Reinigung Sauber & Co to my faves' names cleaning, but it is a
// favourite, not a cleaning request (fourth blind set, issue 21). The rankings are given, so that the rule is
// tested apart from what the corpus happens to teach.
import { describe, expect, it } from 'vitest';
import { decideMessage } from '../../../server/ai/offline/policy.ts';
import type { IntentModel, IntentScore } from '../../../server/ai/understanding/classifier.ts';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { authAs } from '../../helpers/offline-decide.ts';

const allowed = chatTools.forState(authAs('seeker'), 'intake', 'choosingCategory').map((d) => d.name);
const catalog = chatTools.catalog();

function modelRanking(ranked: IntentScore[]): IntentModel {
  return { lang: 'en', intents: ranked.map((r) => r.intent), classify: () => ranked };
}

function decide(text: string, ranked: IntentScore[]) {
  return decideMessage({
    message: { text, lang: 'en', now: new Date('2026-11-28T10:00:00Z'), machine: 'intake', state: 'choosingCategory' },
    allowed,
    catalog,
    model: modelRanking(ranked),
  });
}

const favourites = 'add Reinigung Sauber & Co to my faves, they were great';

describe('a plain answer to the need question', () => {
  it('names a category here, so it would be taken as a need', () => {
    const need = decide(favourites, [
      { intent: 'need', raw: 0.6, score: 0.6 },
      { intent: 'changeFavorite', raw: 0.3, score: 0.3 },
    ]);
    expect(need).toMatchObject({ kind: 'tool', toolName: 'describeRequest', why: 'answer' });
  });

  it('yields to an account reading that is clear, when its own reading is far behind', () => {
    const d = decide(favourites, [
      { intent: 'changeFavorite', raw: 0.39, score: 0.62 },
      { intent: 'addPayoutMethod', raw: 0.16, score: 0.13 },
      { intent: 'need', raw: 0.15, score: 0.12 },
    ]);
    expect(d).toMatchObject({ kind: 'tool', toolName: 'changeFavorite' });
  });

  it('asks back when the account readings are close to each other instead of starting a request', () => {
    const d = decide('You can bin the request for the wedding DJ, the wedding is off', [
      { intent: 'closeMyRequest', raw: 0.35, score: 0.4 },
      { intent: 'listMyRequests', raw: 0.28, score: 0.32 },
      { intent: 'need', raw: 0.2, score: 0.28 },
    ]);
    expect(d.kind === 'tool' && d.toolName === 'describeRequest').toBe(false);
  });

  it('stays the answer when the need reading is close to the best one', () => {
    const d = decide('I need a cleaner for my flat, can you add that', [
      { intent: 'changeFavorite', raw: 0.3, score: 0.45 },
      { intent: 'need', raw: 0.25, score: 0.4 },
    ]);
    expect(d).toMatchObject({ kind: 'tool', toolName: 'describeRequest', why: 'answer' });
  });
});
