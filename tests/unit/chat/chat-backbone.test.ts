// Pure parts of the chat backbone: prompts, locale parity, the tool registry's role × state filter,
// the per-session limiter and lock, and the machine runtime.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personaName, stateGuide, systemPrompt } from '../../../server/ai/prompts.ts';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { CONVERSATION_TOOL_NAMES } from '../../helpers/offline-decide.ts';
import { createKeyedLock, createSessionLimiter } from '../../../server/chat/limits.ts';
import { userText } from '../../../server/chat/turn.ts';
import { restoreMachine, stateValueToString } from '../../../server/machines/runtime.ts';
import { welcomeMachine } from '../../../machines/welcome.machine.ts';
import type { AuthContext, Role } from '../../../server/auth/guards.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../core/i18n/locales');
const read = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8'));
function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function auth(role: Role | null, twoFactorEnabled = true): AuthContext {
  if (!role) return { user: null, sessionId: null };
  return { sessionId: 's', user: { id: 'u', email: 'u@example.com', name: 'U', role, locale: 'de', emailVerified: true, twoFactorEnabled } };
}

describe('prompts', () => {
  it('name the same persona as chat.json, in both languages', () => {
    for (const lng of ['de', 'en'] as const) expect(personaName(lng)).toBe(read(lng, 'chat').persona.name);
  });

  it('fill every placeholder for every role, language and welcome state', () => {
    const states = Object.keys(welcomeMachine.root.states);
    for (const lng of ['de', 'en'] as const)
      for (const role of ['seeker', 'provider', 'admin'] as const)
        for (const state of states) {
          const text = systemPrompt(role, lng, { greeting: 'Hallo', userName: 'Sam', role, today: '2026-01-01', machine: 'welcome', state });
          expect(text).not.toMatch(/\{\{/);
          expect(text).toContain('Aki');
          expect(stateGuide(lng, 'welcome', state), `${lng}/${state}`).not.toBe('');
        }
  });
});

describe('locales', () => {
  it('chat and errors have the same keys in German and English', () => {
    for (const ns of ['chat', 'errors']) expect(keys(read('de', ns)).sort()).toEqual(keys(read('en', ns)).sort());
  });

  it('have an offline reply for every state of the welcome machine', () => {
    for (const lng of ['de', 'en']) {
      const chat = read(lng, 'chat');
      for (const state of Object.keys(welcomeMachine.root.states)) {
        expect(chat.offline.state.welcome[state], `${lng} state ${state}`).toBeTruthy();
        expect(chat.offline.fallback.welcome[state], `${lng} fallback ${state}`).toBeTruthy();
      }
    }
  });

  it('the greeting says plainly that this is an AI', () => {
    expect(read('de', 'chat').greeting).toMatch(/KI-Assistent.*künstlichen Intelligenz/);
    expect(read('en', 'chat').greeting).toMatch(/AI assistant.*artificial intelligence/);
  });
});

describe('tool registry: role AND state', () => {
  const names = (a: AuthContext, state: string) =>
    chatTools
      .forState(a, 'welcome', state)
      .map((d) => d.name)
      // The conversation's own tools (help, clarify, news, contact, new conversation) are offered everywhere.
      .filter((n) => !CONVERSATION_TOOL_NAMES.includes(n))
      .sort();

  it('offers each welcome state only its own tools', () => {
    expect(names(auth(null), 'greeting')).toEqual(['chooseWelcomeOption', 'describeNeed']);
    expect(names(auth(null), 'seekerHandoff')).toEqual(['startOver']);
  });

  it('adds admin tools only for admins with two-factor', () => {
    expect(names(auth('admin'), 'greeting')).toEqual([
      'addFollowUpStep',
      'addPayoutMethod',
      'adminCloseRequest',
      'adminDecideObjection',
      'adminDecideReport',
      'adminListDeals',
      'adminListHeldCommissions',
      'adminListReports',
      'adminListRequests',
      'adminModerateRequest',
      'adminReleaseCommission',
      'adminVoidCommission',
      'answerSupportMessage',
      'approvePayout',
      'changeCommissionPlan',
      'changeFavorite',
      'changeSetting',
      'changeUserRole',
      'chooseWelcomeOption',
      'deleteMyAccount',
      'describeNeed',
      'editMarketingText',
      'editPartnerProfile',
      'exportMyData',
      'getPlatformOverview',
      'getRecentActivity',
      'hideFollowUpStep',
      'invitePartnerFriend',
      'listDocumentReviews',
      'listFavorites',
      'listPayoutMethods',
      'listPayouts',
      'listPendingPayouts',
      'listSupportInbox',
      'moveFollowUpStep',
      'publishFollowUpScript',
      'rejectPayout',
      'removePayoutMethod',
      'requestPartnerPayout',
      'reviewTradeDocument',
      'sendDealInquiry',
      'setCategoryPrice',
      'setPartnerRanking',
      'showFollowUpScript',
      'showFollowUpStep',
      'showMarketingText',
      'showMarketingTexts',
      'showPartnerEarnings',
      'showPartnerNetwork',
      'showReferralCode',
      'showSettings',
      'suspendUser',
      'unsuspendUser',
      'writeSupportMessage',
    ]);
    const adminOnly = [
      'getPlatformOverview',
      'showFollowUpScript',
      'hideFollowUpStep',
      'showFollowUpStep',
      'addFollowUpStep',
      'moveFollowUpStep',
      'publishFollowUpScript',
      'listPendingPayouts',
      'rejectPayout',
      'changeUserRole',
      'showSettings',
      'changeSetting',
      'listDocumentReviews',
      'reviewTradeDocument',
      'showMarketingTexts',
      'editMarketingText',
    ];
    for (const tool of adminOnly) expect(names(auth('admin', false), 'greeting')).not.toContain(tool);
    for (const role of [null, 'seeker', 'provider'] as const) for (const tool of adminOnly) expect(names(auth(role), 'greeting')).not.toContain(tool);
  });

  it('keeps a tool of another machine out', () => {
    const off = chatTools.add({
      name: 'otherFlowTool',
      description: 'x',
      input: z.object({}),
      access: 'public',
      machine: 'welcome',
      states: ['noSuchState'],
      run: async () => ({ accepted: true }),
    });
    try {
      expect(names(auth(null), 'greeting')).not.toContain('otherFlowTool');
      expect(names(auth(null), 'noSuchState')).toEqual(['otherFlowTool']);
    } finally {
      off();
    }
  });

  it('refuses a duplicate tool name', () => {
    expect(() =>
      chatTools.add({
        name: 'describeNeed',
        description: 'x',
        input: z.object({}),
        access: 'public',
        machine: '*',
        states: '*',
        run: async () => ({ accepted: true }),
      }),
    ).toThrow(/already registered/);
  });
});

describe('message limits', () => {
  it('refuses empty and too long messages with their own codes', () => {
    expect(() => userText([{ type: 'text', text: '   ' }])).toThrow(expect.objectContaining({ code: 'CHAT_MESSAGE_EMPTY' }));
    expect(() => userText([])).toThrow(expect.objectContaining({ code: 'CHAT_MESSAGE_EMPTY' }));
    expect(() => userText([{ type: 'text', text: 'a'.repeat(2001) }])).toThrow(
      expect.objectContaining({ code: 'CHAT_MESSAGE_TOO_LONG', params: { max: 2000 } }),
    );
    expect(userText([{ type: 'text', text: ` ${'ä'.repeat(2000)} ` }])).toHaveLength(2000);
  });
});

describe('per-session limiter', () => {
  it('counts per session in a sliding window', () => {
    let now = 0;
    const l = createSessionLimiter({ limit: 2, windowMs: 1000, now: () => now });
    expect(l.hit('a')).toBe(true);
    expect(l.hit('a')).toBe(true);
    expect(l.hit('a')).toBe(false);
    expect(l.hit('b')).toBe(true);
    now = 1001;
    expect(l.hit('a')).toBe(true);
  });
});

describe('per-session lock', () => {
  it('runs holders of the same key one after another', async () => {
    const lock = createKeyedLock();
    const order: string[] = [];
    const first = await lock.acquire('s');
    const second = lock.acquire('s').then((release) => {
      order.push('second');
      release();
    });
    const other = lock.acquire('t').then((release) => {
      order.push('other');
      release();
    });
    await other;
    await new Promise((r) => setTimeout(r, 10));
    order.push('first done');
    first();
    await second;
    expect(order).toEqual(['other', 'first done', 'second']);
  });
});

describe('machine runtime', () => {
  it('sends accepted events, refuses others with a reason, and persists', () => {
    const m = restoreMachine('welcome', null);
    expect(m.state).toBe('greeting');
    expect(m.send({ type: 'NEED_DESCRIBED', need: '!' })).toEqual({ accepted: false, state: 'greeting', reason: 'NEED_TOO_VAGUE' });
    expect(m.send({ type: 'RESTARTED' })).toEqual({ accepted: false, state: 'greeting', reason: 'NOT_POSSIBLE_NOW' });
    expect(m.send({ type: 'HOW_IT_WORKS_CHOSEN' })).toEqual({ accepted: true, state: 'explainingHowItWorks' });
    const again = restoreMachine('welcome', JSON.parse(JSON.stringify(m.persisted())));
    expect(again.state).toBe('explainingHowItWorks');
    expect(again.changed).toBe(false);
  });

  it('starts over on an unusable snapshot or an unknown machine', () => {
    expect(restoreMachine('welcome', { value: 'noSuchState', status: 'active', context: {} }).state).toBe('greeting');
    expect(restoreMachine('intake', { value: { asking: 'noSuchField' }, status: 'active', context: {} }).state).toBe('greeting');
    // An unknown machine name: the seeker intake, from its start.
    expect(restoreMachine('noSuchMachine', null).name).toBe('intake');
  });

  it('names nested states with dots', () => {
    expect(stateValueToString('a')).toBe('a');
    expect(stateValueToString({ a: 'b' })).toBe('a.b');
    expect(stateValueToString({ a: { b: 'c' } })).toBe('a.b.c');
  });
});
