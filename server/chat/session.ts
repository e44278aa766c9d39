// Chat sessions: created by the server (anonymous allowed), attached to the account when a signed-in person
// uses an anonymous one, refused (as not found) when they belong to someone else.
import crypto from 'node:crypto';
import type { UIMessage } from 'ai';
import type { AnyStateMachine } from 'xstate';
import { AppError } from '../../core/errors.ts';
import type { AuthContext } from '../auth/guards.ts';
import type { Db } from '../db.ts';
import { translator, type Lang } from '../i18n.ts';
import { intakeLogicFor, machineFor } from '../machines/registry.ts';
import { restoreMachine, type MachineRun } from '../machines/runtime.ts';
import type { Logger } from '../logger.ts';
import type { AppDeps } from '../deps.ts';
import { personaName } from '../ai/prompts.ts';
import { loadFollowUpScript, sayText, sessionFollowUpScript, stepsById, stepText, type FollowUpStep } from '../intake/follow-up-script.ts';
import { checkFirstName } from '../ai/nlu/names.ts';
import { intakeView } from '../intake/intake-view.ts';
import { claimSessionRequests } from '../domain/requests/requests.ts';
import { getWhatsNew } from '../domain/users/get-whats-new.ts';
import { claimChatSession, findChatSession, insertChatSession, storeSessionMachine, toJson } from '../domain/chat/chat-sessions.ts';
import { insertChatMessage, listChatMessages } from '../domain/chat/chat-messages.ts';

/** The ids of the follow-up script's steps an intake machine has said so far, in order. */
export function saidIds(machine: MachineRun): string[] {
  const said = (machine.context as { said?: unknown }).said;
  return Array.isArray(said) ? (said as string[]) : [];
}

/**
 * A new session in the flow for the caller's role. The seeker intake is built from the published follow-up
 * script (the session keeps a copy: a later publish does not change it) and opens with the steps that
 * machine says first: one assistant message per step, in order (a voice step is also read aloud).
 */
export async function createChatSession(prisma: Db, auth: AuthContext, lang: Lang, logger?: Logger) {
  const flow = machineFor(auth.user?.role ?? null);
  const loaded = flow === 'intake' ? await loadFollowUpScript(prisma, logger) : null;
  const machine = restoreMachine(flow, null, logger, loaded ? intakeLogicFor(loaded.script.steps) : undefined);
  const greeting: UIMessage[] = [];
  if (machine.name === 'intake' && loaded) {
    const { script } = loaded;
    const persona = personaName(lang);
    const opened = stepsById(script, saidIds(machine));
    // A signed-in seeker is not asked for the first name again: the account's first name is taken, as if
    // given in the chat, and the conversation opens where the category is chosen.
    const known = auth.user?.role === 'seeker' ? knownFirstName(auth.user.name) : null;
    if (known) machine.send({ type: 'FIRST_NAME_SUBMITTED', name: known });
    // A signed-in seeker is greeted by name with what is new for them instead of the anonymous greeting.
    const steps = known && machine.state !== 'greeting' ? opened.filter((s) => s.purpose !== 'askName' && s.purpose !== 'greeting') : opened;
    if (known && machine.state !== 'greeting') {
      const text = await welcomeBack(prisma, auth, lang, known);
      greeting.push({ id: crypto.randomUUID(), role: 'assistant', parts: [{ type: 'text', text }] });
    }
    for (const step of steps) greeting.push(stepMessage(step, lang, persona, crypto.randomUUID()));
    if (known && machine.state === 'choosingCategory') {
      const text = sayText(stepsById(script, saidIds(machine).slice(opened.length)), lang, { name: known, persona }) ?? '';
      greeting.push({
        id: crypto.randomUUID(),
        role: 'assistant',
        parts: [
          { type: 'text', text },
          // The recorded first-name step: the client shows the category dropdown under it, and the model sees the name was taken.
          {
            type: 'tool-submitFirstName',
            toolCallId: `greeting-${crypto.randomUUID()}`,
            state: 'output-available',
            input: { name: known },
            output: { accepted: true, state: machine.state, data: intakeView(machine, lang) },
          } as never,
        ],
      });
    }
  }
  if (machine.name === 'providerDesk') {
    const t = translator(lang);
    const news = auth.user ? newsText(await getWhatsNew(prisma, { id: auth.user.id, role: auth.user.role }, lang), lang) : '';
    greeting.push({
      id: crypto.randomUUID(),
      role: 'assistant',
      parts: [
        {
          type: 'text',
          text: `${t('chat:providerDesk.greeting', { name: knownFirstName(auth.user?.name) ?? auth.user?.name ?? '', persona: personaName(lang) }) as string}${news ? ` ${news}` : ''}`,
        },
        { type: 'data-options', data: { options: ['showMatches', 'showBalance', 'buyGoints'] } },
      ],
    });
  }
  const session = await insertChatSession(prisma, {
    userId: auth.user?.id ?? null,
    locale: lang,
    machine: machine.name,
    machineSnapshot: machine.persisted(),
    machineState: machine.state,
    followUp: loaded ? { script: loaded.script, versionId: loaded.versionId } : null,
  });
  machine.stop();
  for (const message of greeting) await appendMessage(prisma, session.id, message);
  return session;
}

/** One opening step of the intake as the assistant's message (a voice step is also read aloud). */
function stepMessage(step: FollowUpStep, lang: Lang, persona: string, id: string): UIMessage {
  const text = stepText(step, lang, { persona });
  return { id, role: 'assistant', parts: [{ type: 'text', text }, ...(step.type === 'voice' ? [{ type: 'data-voice' as const, data: { lang } }] : [])] };
}

/** The greeting of a new anonymous session, as the server renders it into /search before the chat loads. */
export interface AnonymousGreeting {
  lang: Lang;
  /** Changes whenever the messages change (another published script, another language): part of the page cache's key. */
  stamp: string;
  messages: UIMessage[];
}

/**
 * The messages a new anonymous intake session opens with (createChatSession without a user), with fixed ids:
 * deterministic for a language and a published follow-up script, so /search can show them in its HTML
 * (decision 055) and the chat takes over when the session it opens says the same.
 */
export async function anonymousGreeting(prisma: Db, lang: Lang, logger?: Logger): Promise<AnonymousGreeting> {
  const { script } = await loadFollowUpScript(prisma, logger);
  const machine = restoreMachine('intake', null, logger, intakeLogicFor(script.steps));
  const persona = personaName(lang);
  const messages = stepsById(script, saidIds(machine)).map((step, i) => stepMessage(step, lang, persona, `greeting-${i}`));
  machine.stop();
  const stamp = crypto
    .createHash('sha1')
    .update(JSON.stringify([lang, messages]))
    .digest('base64url')
    .slice(0, 16);
  return { lang, stamp, messages };
}

/** 'Neu für dich: 2 neue Angebote, 1 Deal wartet auf deine Bestätigung.' (empty when nothing is new). */
function newsText(n: Awaited<ReturnType<typeof getWhatsNew>>, lang: Lang): string {
  const t = translator(lang);
  const items = (['offers', 'matches', 'dealsToConfirm', 'dealsToRate'] as const)
    .filter((k) => n[k] > 0)
    .map((k) => t(`chat:news.${k}`, { count: n[k] }) as string);
  return items.length ? (t('chat:news.intro', { items: items.join(', ') }) as string) : '';
}

/** The seeker's greeting by name, with what is new for them. */
async function welcomeBack(prisma: Db, auth: AuthContext, lang: Lang, name: string): Promise<string> {
  const t = translator(lang);
  const news = auth.user ? newsText(await getWhatsNew(prisma, { id: auth.user.id, role: auth.user.role }, lang), lang) : '';
  return `${t('chat:news.hello', { name, persona: personaName(lang) }) as string}${news ? ` ${news}` : ''}`;
}

/** The first word of an account's name when it passes the first-name check; null otherwise. */
export function knownFirstName(name: string | null | undefined): string | null {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first && checkFirstName(first).ok ? first : null;
}

/**
 * The session if the caller may use it. An anonymous session is attached to the signed-in caller;
 * a session of another person (or of any person, for an anonymous caller) answers CHAT_SESSION_NOT_FOUND,
 * exactly like a session that does not exist.
 */
export async function openChatSession(deps: AppDeps, auth: AuthContext, id: string) {
  const prisma = deps.db.prisma;
  const session = await findChatSession(prisma, id);
  if (!session) throw new AppError('CHAT_SESSION_NOT_FOUND');
  const me = auth.user?.id ?? null;
  if (session.userId) {
    if (session.userId !== me) throw new AppError('CHAT_SESSION_NOT_FOUND');
    return session;
  }
  if (!me) return session;
  // Only an unowned session can be claimed; two people racing for it cannot both win.
  const attached = await claimChatSession(prisma, id, me);
  if (attached.userId !== me) throw new AppError('CHAT_SESSION_NOT_FOUND');
  // Requests confirmed in the anonymous session become the seeker's (released once verified).
  await claimSessionRequests(deps, id, { id: me, role: auth.user?.role ?? null });
  return attached;
}

export type ChatSessionRow = Awaited<ReturnType<typeof openChatSession>>;

export function loadHistory(prisma: Db, sessionId: string, limit?: number): Promise<UIMessage[]> {
  return listChatMessages(prisma, sessionId, limit);
}

export async function appendMessage(prisma: Db, sessionId: string, message: UIMessage) {
  await insertChatMessage(prisma, sessionId, { ...message, parts: stripTransient(message.parts) });
}

/** Streaming states are not history: a persisted text part is done. */
function stripTransient(parts: UIMessage['parts']): UIMessage['parts'] {
  return parts.map((p) => (p.type === 'text' || p.type === 'reasoning' ? { ...p, state: 'done' } : p)) as UIMessage['parts'];
}

/** The ChatSession.machineVersion each restored machine stands on; saveMachine moves it on. */
const versions = new WeakMap<object, number>();

/**
 * Stores the machine's snapshot if the session still holds the version it was restored from
 * (compare-and-set). Otherwise another turn wrote in between: CHAT_BUSY, and nothing is overwritten.
 */
export async function saveMachine(prisma: Db, sessionId: string, machine: MachineRun) {
  const version = versions.get(machine);
  if (version === undefined) throw new Error('saveMachine needs a machine from restoreSessionMachine');
  const stored = await storeSessionMachine(prisma, sessionId, version, { name: machine.name, snapshot: machine.persisted(), state: machine.state });
  if (!stored) throw new AppError('CHAT_BUSY');
  versions.set(machine, version + 1);
}

/** The machine a session runs: for the intake, the one built from the session's own follow-up script. */
export async function sessionMachineLogic(
  prisma: Db,
  session: { machine: string; followUpScript?: unknown },
  logger?: Logger,
): Promise<AnyStateMachine | undefined> {
  if (session.machine !== 'intake') return undefined;
  return intakeLogicFor((await sessionFollowUpScript(prisma, session, logger)).steps);
}

export function restoreSessionMachine(
  session: Pick<ChatSessionRow, 'machine' | 'machineSnapshot' | 'machineVersion'>,
  logger?: Logger,
  logic?: AnyStateMachine,
): MachineRun {
  const machine = restoreMachine(session.machine, session.machineSnapshot, logger, logic);
  versions.set(machine, session.machineVersion);
  return machine;
}

export { toJson };
