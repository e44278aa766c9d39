// Tools of the welcome machine (machines/welcome.machine.ts): each sends one event; the machine decides.
import { z } from 'zod';
import { NEED_MAX_LENGTH } from '../../../machines/welcome.machine.ts';
import { classifyCategory } from '../../ai/nlu/index.ts';
import { matchesAny, normalize, type IntentInput } from '../../ai/offline/intents.ts';
import { translator } from '../../i18n.ts';
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
function isLabel(text: string, key: string): boolean {
  const n = normalize(text).replace(/[.!?]+$/, '');
  return (['de', 'en'] as const).some((lng) => normalize(translator(lng)(`chat:options.${key}`) as string).replace(/[.!?]+$/, '') === n);
}

const POST_REQUEST = [
  /\banfrage\b.{0,30}\b(stellen|aufgeben|erstellen|posten|machen|starten|anlegen)\b/,
  /\b(stell|stelle|erstell|erstelle|mach|mache)\b.{0,20}\banfrage\b/,
  /\b(post|create|make|submit|place|start|open)\b.{0,20}\brequest\b/,
];
const HOW_IT_WORKS = [
  /\bwie\b.{0,20}\b(funktioniert|geht|laeuft)\b/,
  /\b(erklaer|erklaere|erklaeren)\b/,
  /\bwas ist akut\b/,
  /\bmehr (ueber akut )?erfahren\b/,
  /\bhow\b.{0,25}\bwork/,
  /\bwhat is akut\b/,
  /\b(learn|tell me) more\b/,
  /\bexplain\b/,
];
const YES = /^(ja|jo|jap|jawohl|klar|gern|gerne|ok|okay|passt|yes|yeah|yep|sure|please|bitte|go ahead|mach das|do it)\b/;
const NEED = [
  /\b(ich )?(brauche|benoetige|suche|such)\b/,
  /\b(wir )?(brauchen|benoetigen|suchen)\b/,
  /\bhilfe (bei|mit|fuer)\b/,
  /\b(i|we) (need|am looking|are looking|want|would like)\b/,
  /\blooking for\b/,
  /\bsearching for\b/,
  /\b(kaputt|defekt|undicht|verstopft|broken|leaking|blocked)\b/,
];
const START_OVER = [/\b(von vorn|von vorne|neu anfangen|neu beginnen|nochmal von|neustart)\b/, /\b(start over|start again|begin again|restart)\b/];

function detectChoice({ text, state }: IntentInput) {
  if (isLabel(text, 'postRequest')) return { option: 'postRequest' };
  if (isLabel(text, 'howItWorks')) return { option: 'howItWorks' };
  const n = normalize(text);
  if (matchesAny(n, HOW_IT_WORKS)) return { option: 'howItWorks' };
  if (matchesAny(n, POST_REQUEST)) return { option: 'postRequest' };
  // A plain yes answers the question the assistant asked in these states.
  if ((state === 'offeringRequest' || state === 'explainingHowItWorks') && YES.test(n)) return { option: 'postRequest' };
  return null;
}

function detectNeed({ text, lang }: IntentInput) {
  const n = normalize(text);
  if (n.endsWith('?') && !matchesAny(n, NEED)) return null;
  if (matchesAny(n, NEED) || classifyCategory(text, { lang }).category) return { need: text.trim().slice(0, NEED_MAX_LENGTH) };
  return null;
}

const states = {
  describeNeed: ['greeting', 'explainingHowItWorks', 'offeringRequest'],
  choose: ['greeting', 'explainingHowItWorks', 'offeringRequest'],
  startOver: ['seekerHandoff'],
} as const;

export const welcomeTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'describeNeed',
    description: 'Record what the person is looking for, in their own words (for example "I need a plumber in Cologne tomorrow").',
    input: z.object({ need: z.string().min(1).max(NEED_MAX_LENGTH).describe("The person's need in their own words") }),
    access: 'public',
    machine: 'welcome',
    states: states.describeNeed,
    offline: { priority: 30, detect: detectNeed },
    run: (ctx, input) => sendMachineEvent(ctx, { type: 'NEED_DESCRIBED', need: input.need }, welcomeView),
  }),
  defineChatTool({
    name: 'chooseWelcomeOption',
    description: 'The person chose to post a request (postRequest) or to learn how akut works (howItWorks).',
    input: z.object({ option: z.enum(['postRequest', 'howItWorks']) }),
    access: 'public',
    machine: 'welcome',
    states: states.choose,
    offline: { priority: 40, detect: detectChoice },
    run: (ctx, input) => sendMachineEvent(ctx, { type: input.option === 'postRequest' ? 'POST_REQUEST_CHOSEN' : 'HOW_IT_WORKS_CHOSEN' }, welcomeView),
  }),
  defineChatTool({
    name: 'startOver',
    description: 'Begin the conversation again from the greeting.',
    input: z.object({}),
    access: 'public',
    machine: 'welcome',
    states: states.startOver,
    offline: { priority: 50, detect: ({ text }) => (isLabel(text, 'startOver') || matchesAny(normalize(text), START_OVER) ? {} : null) },
    run: (ctx) => sendMachineEvent(ctx, { type: 'RESTARTED' }, welcomeView),
  }),
];
