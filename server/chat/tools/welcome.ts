// Tools of the welcome machine (machines/welcome.machine.ts): each sends one event; the machine decides.
import { z } from 'zod';
import { NEED_MAX_LENGTH } from '../../../machines/welcome.machine.ts';
import { isLabelOf } from './labels.ts';
import type { MachineRun } from '../../machines/runtime.ts';
import { defineChatTool, sendMachineEvent, type AnyChatToolDef } from './registry.ts';

/** The buttons the welcome widgets show: those the machine would take now. */
export function welcomeOptions(machine: MachineRun): string[] {
  const options: string[] = [];
  if (machine.can({ type: 'POST_REQUEST_CHOSEN' })) options.push('postRequest');
  if (machine.can({ type: 'HOW_IT_WORKS_CHOSEN' })) options.push('howItWorks');
  if (machine.can({ type: 'RESTARTED' })) options.push('startOver');
  return options;
}

function welcomeView(machine: MachineRun) {
  const need = machine.context.need;
  return { options: welcomeOptions(machine), data: { need: typeof need === 'string' ? need : null } };
}

/** A button's label, as the client sends it when the person clicks it. */
const isOption = (text: string, key: string) => isLabelOf(text, [`chat:options.${key}`]);

const states = {
  describeNeed: ['greeting', 'explainingHowItWorks', 'offeringRequest'],
  choose: ['greeting', 'explainingHowItWorks', 'offeringRequest'],
  startOver: ['seekerHandoff'],
} as const;

const NEED_OPENING = /^\s*(?:ich brauche|ich suche|wir brauchen|wir suchen|suche|brauche|i need|we need|i'm looking for|i am looking for|looking for)\b/i;
export const welcomeTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'describeNeed',
    description: 'Record what the person is looking for, in their own words (for example "I need a plumber in Cologne tomorrow").',
    input: z.object({ need: z.string().min(1).max(NEED_MAX_LENGTH).describe("The person's need in their own words") }),
    access: 'public',
    machine: 'welcome',
    states: states.describeNeed,
    understand: {
      intents: ['need'],
      slots: ({ text }) => ({ need: text.trim().slice(0, NEED_MAX_LENGTH) }),
      // 'Ich brauche …' / 'I need …' is a need however little follows (the tool asks for more when it is vague).
      answer: ({ text }) => (NEED_OPENING.test(text) ? { input: { need: text.trim().slice(0, NEED_MAX_LENGTH) }, strength: 'plain' } : null),
    },
    run: (ctx, input) => sendMachineEvent(ctx, { type: 'NEED_DESCRIBED', need: input.need }, welcomeView),
  }),
  defineChatTool({
    name: 'chooseWelcomeOption',
    description: 'The person chose to post a request (postRequest) or to learn how akut works (howItWorks).',
    input: z.object({ option: z.enum(['postRequest', 'howItWorks']) }),
    access: 'public',
    machine: 'welcome',
    states: states.choose,
    understand: {
      // 'How does it work?' and, where a request was offered, a plain yes.
      intents: ['howItWorks', 'affirm'],
      slots: ({ state }, intent) => (intent === 'howItWorks' ? { option: 'howItWorks' } : state === 'greeting' ? null : { option: 'postRequest' }),
      exact: ({ text }) => (isOption(text, 'postRequest') ? { option: 'postRequest' } : isOption(text, 'howItWorks') ? { option: 'howItWorks' } : null),
    },
    run: (ctx, input) => sendMachineEvent(ctx, { type: input.option === 'postRequest' ? 'POST_REQUEST_CHOSEN' : 'HOW_IT_WORKS_CHOSEN' }, welcomeView),
  }),
  defineChatTool({
    name: 'startOver',
    description: 'Begin the conversation again from the greeting.',
    input: z.object({}),
    access: 'public',
    machine: 'welcome',
    states: states.startOver,
    understand: { intents: ['newConversation'], exact: ({ text }) => (isOption(text, 'startOver') ? {} : null) },
    run: (ctx) => sendMachineEvent(ctx, { type: 'RESTARTED' }, welcomeView),
  }),
];
