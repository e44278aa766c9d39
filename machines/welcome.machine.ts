// The first flow of every chat: the assistant has greeted the person and asks what they are looking for,
// whether they want to post a request (→ the seeker flow) or learn how akut works. Pure: no I/O.
import { assign, setup } from 'xstate';

export const WELCOME_OPTIONS = ['postRequest', 'howItWorks'] as const;
export type WelcomeOption = (typeof WELCOME_OPTIONS)[number];

/** The shortest description of a need the assistant can work with. */
export const NEED_MIN_LETTERS = 3;
export const NEED_MAX_LENGTH = 500;

export interface WelcomeContext {
  /** What the person said they are looking for, once described. */
  need: string | null;
}

export type WelcomeEvent = { type: 'NEED_DESCRIBED'; need: string } | { type: 'POST_REQUEST_CHOSEN' } | { type: 'HOW_IT_WORKS_CHOSEN' } | { type: 'RESTARTED' };

// Words that carry no need on their own ('Ich suche', 'I need help').
const FILLER = new Set(
  (
    'ich wir du mir mich uns brauche brauchen benötige benötigen suche suchen such hätte hätten gern gerne möchte möchten will wollen ' +
    'einen eine einem einer ein den der die das dem und oder bitte hallo hilfe jemand jemanden etwas was mal noch auch schnell dringend ' +
    'i we me us need needs want would like looking look for search searching some someone something a an the and or please hello hi help urgent quickly'
  ).split(' '),
);

/** A need is usable when it names something (a word beyond filler like 'I need') and is not overly long. */
export function isUsableNeed(need: string): boolean {
  const words = need.toLowerCase().match(/\p{L}+/gu) ?? [];
  const letters = words.join('').length;
  return letters >= NEED_MIN_LETTERS && need.trim().length <= NEED_MAX_LENGTH && words.some((w) => w.length >= 3 && !FILLER.has(w));
}

export const welcomeMachine = setup({
  types: {
    context: {} as WelcomeContext,
    events: {} as WelcomeEvent,
  },
  guards: {
    needIsUsable: ({ event }) => event.type === 'NEED_DESCRIBED' && isUsableNeed(event.need),
  },
  actions: {
    rememberNeed: assign({ need: ({ event }) => (event.type === 'NEED_DESCRIBED' ? event.need.trim() : null) }),
    forgetNeed: assign({ need: () => null }),
  },
}).createMachine({
  id: 'welcome',
  initial: 'greeting',
  context: { need: null },
  states: {
    greeting: {
      description: 'The assistant has greeted the person and asks what they are looking for.',
      on: {
        NEED_DESCRIBED: { guard: 'needIsUsable', target: 'offeringRequest', actions: 'rememberNeed' },
        POST_REQUEST_CHOSEN: { target: 'seekerHandoff' },
        HOW_IT_WORKS_CHOSEN: { target: 'explainingHowItWorks' },
      },
    },
    explainingHowItWorks: {
      description: 'The assistant explains akut and offers to post a request.',
      on: {
        NEED_DESCRIBED: { guard: 'needIsUsable', target: 'offeringRequest', actions: 'rememberNeed' },
        POST_REQUEST_CHOSEN: { target: 'seekerHandoff' },
      },
    },
    offeringRequest: {
      description: 'The person named a need; the assistant offers to turn it into a request.',
      on: {
        NEED_DESCRIBED: { guard: 'needIsUsable', target: 'offeringRequest', reenter: true, actions: 'rememberNeed' },
        POST_REQUEST_CHOSEN: { target: 'seekerHandoff' },
        HOW_IT_WORKS_CHOSEN: { target: 'explainingHowItWorks' },
      },
    },
    seekerHandoff: {
      description: 'The person wants to post a request; the seeker intake takes over from here.',
      tags: ['handoff'],
      on: {
        RESTARTED: { target: 'greeting', actions: 'forgetNeed' },
      },
    },
  },
});

export type WelcomeState = 'greeting' | 'explainingHowItWorks' | 'offeringRequest' | 'seekerHandoff';
