// The chat's tool registry. A tool is a door like an HTTP route: its input schema (zod), who may call it
// (the same Access rules and guards as the routes), the machine states that offer it, its domain call, and
// what the offline model understands as calling it (intents from the corpus, entities from the message).
// Each turn gets only the tools its caller's role may use and, of those, only the ones the session machine's
// current state allows. Tools marked requiresConfirmation do nothing when the model calls them: they record
// a pending confirmation that only the person can confirm (POST /api/chat/confirm).
// The registry is built from an explicit list (server/chat/tools/index.ts); nothing registers itself.
import { tool, type ToolSet } from 'ai';
import type { z } from 'zod';
import { checkAccess, type Access, type AuthContext, type Role, type SessionUser } from '../../auth/guards.ts';
import type { AppDeps } from '../../deps.ts';
import type { Lang } from '../../i18n.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import type { MachineName } from '../../machines/registry.ts';
import type { MachineRun } from '../../machines/runtime.ts';
import type { ToolCatalog, ToolUnderstanding } from '../../ai/offline/catalog.ts';
import { CONFIRMATION_TTL_MS } from '../limits.ts';
import { insertChatConfirmation } from '../../domain/chat/chat-confirmations.ts';
import type { ToolOutcome } from '../../../core/chat/outcome.ts';

/** The caller as a tool with this access sees it: signed in (and in one of the roles) unless the tool is public. */
export type CallerOf<A extends Access> = A extends 'public'
  ? AuthContext
  : A extends { roles: readonly (infer R extends Role)[] }
    ? AuthContext & { user: SessionUser & { role: R } }
    : AuthContext & { user: SessionUser };

/** What a tool's run() gets: who is asking (narrowed by the tool's access), the session, and its machine. */
export interface ChatToolContext<A extends Access = Access> {
  deps: AppDeps;
  auth: CallerOf<A>;
  lang: Lang;
  sessionId: string;
  machine: MachineRun;
  toolCallId: string;
  /** Set when the run follows the person's confirmation: use it as the domain command's idempotency key. */
  confirmationId?: string;
  /** The person's message of this turn (absent when the run follows a confirmation click). */
  userText?: string;
  /** Stores the machine's snapshot; call it after an accepted event. */
  saveMachine(): Promise<void>;
  /** Publishes a domain event to the event bus (pushed to the people concerned over ws). */
  publish(event: BusEvent): Promise<void>;
  /** The registry this turn's tools come from (for tools that speak about the others: help, clarify). */
  registry: ToolRegistry;
}

export interface ChatToolDef<I = Record<string, unknown>, A extends Access = Access> {
  name: string;
  /** For the model: when to call the tool. */
  description: string;
  input: z.ZodType<I>;
  /** Who may use it; the same rule as a route's access (admins need two-factor). */
  access: A;
  /** The machine (or machines) whose states may offer the tool, or '*' for any. */
  machine: MachineName | readonly MachineName[] | '*';
  /** The states that offer the tool, or '*' for all states of that machine. */
  states: readonly string[] | '*';
  /** Spends money or changes settings: the person must confirm before run() happens. */
  requiresConfirmation?: boolean;
  /** The confirm widget's text: a key of the chat namespace and its parameters (data: what confirmData found). */
  confirmSummary?: (input: I, data?: ToolOutcome['data']) => { key: string; params?: Record<string, string | number> };
  /**
   * The tool takes a form string the person sent ('Label: value;'): it runs only when its input is exactly
   * the person's message of this turn, so a model cannot make one up.
   */
  fromPersonOnly?: (input: I) => string;
  /** Checked before a confirmation is asked for: an outcome here (a refusal) is returned instead. */
  precheck?: (ctx: ChatToolContext<A>, input: I) => Promise<ToolOutcome | null>;
  /** Completes the input stored with a pending confirmation (for example the version the person sees). */
  pinInput?: (ctx: ChatToolContext<A>, input: I) => I | Promise<I>;
  /** Facts shown with a pending confirmation (for example the request summary the person confirms). */
  confirmData?: (ctx: ChatToolContext<A>, input: I) => Promise<ToolOutcome['data']> | ToolOutcome['data'];
  /** What the offline model understands as calling this tool: intents of the corpus, entities of the message. */
  understand?: ToolUnderstanding;
  run(ctx: ChatToolContext<A>, input: I): Promise<ToolOutcome>;
}

// biome-ignore lint: the registry holds tools of many input types and access rules
export type AnyChatToolDef = ChatToolDef<any, any>;

/** Declares a tool with its input type inferred from the zod schema and its caller narrowed by its access. */
export function defineChatTool<I, const A extends Access>(def: ChatToolDef<I, A>): ChatToolDef<I, A> {
  return def;
}

export function mayUse(def: AnyChatToolDef, auth: AuthContext): boolean {
  try {
    checkAccess(auth, def.access);
    return true;
  } catch {
    return false;
  }
}

export function forMachine(def: AnyChatToolDef, machine: string): boolean {
  if (def.machine === '*') return true;
  return typeof def.machine === 'string' ? def.machine === machine : def.machine.includes(machine as MachineName);
}

export function offeredIn(def: AnyChatToolDef, machine: string, state: string): boolean {
  if (!forMachine(def, machine)) return false;
  return def.states === '*' || def.states.includes(state);
}

export interface TurnTools {
  tools: ToolSet;
  /** Names of the tools offered in the machine's current state (for activeTools, per step). */
  activeNames(): string[];
}

export interface ToolRegistry {
  get(name: string): AnyChatToolDef | undefined;
  /** Every tool, in the registry's order (the order the offline model considers them in). */
  all(): AnyChatToolDef[];
  /** The tools a caller's role allows, whatever the state (the state narrows them per step). */
  forRole(auth: AuthContext): AnyChatToolDef[];
  /** The tools offered to this caller in this machine state: role AND state. */
  forState(auth: AuthContext, machine: string, state: string): AnyChatToolDef[];
  /** What the offline model understands of each tool. */
  catalog(): ToolCatalog;
  /** Adds a tool (tests); returns a function that removes it again. */
  add(def: AnyChatToolDef): () => void;
}

export function createToolRegistry(defs: readonly AnyChatToolDef[]): ToolRegistry {
  const tools = new Map<string, AnyChatToolDef>();
  let catalog: Map<string, ToolUnderstanding> | null = null;
  const add = (def: AnyChatToolDef) => {
    if (!/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/.test(def.name)) throw new Error(`invalid tool name ${def.name}`);
    if (tools.has(def.name)) throw new Error(`chat tool ${def.name} is already registered`);
    tools.set(def.name, def);
    catalog = null;
  };
  for (const def of defs) add(def);
  const registry: ToolRegistry = {
    get: (name) => tools.get(name),
    all: () => [...tools.values()],
    forRole: (auth) => [...tools.values()].filter((def) => mayUse(def, auth)),
    forState: (auth, machine, state) => registry.forRole(auth).filter((def) => offeredIn(def, machine, state)),
    catalog: () => {
      catalog ??= new Map([...tools.values()].filter((d) => d.understand).map((d) => [d.name, d.understand!]));
      return catalog;
    },
    add: (def) => {
      add(def);
      return () => {
        if (tools.get(def.name) === def) {
          tools.delete(def.name);
          catalog = null;
        }
      };
    },
  };
  return registry;
}

/** Builds the AI SDK tool set for one turn. */
export function buildTurnTools(registry: ToolRegistry, base: Omit<ChatToolContext, 'toolCallId'>): TurnTools {
  const defs = registry.forRole(base.auth).filter((def) => forMachine(def, base.machine.name));
  const tools: ToolSet = {};
  for (const def of defs) {
    tools[def.name] = tool({
      description: def.description,
      inputSchema: def.input as z.ZodType<unknown>,
      execute: async (input, { toolCallId }) => {
        // The state may have moved in an earlier step of this turn: check again, whatever the model sent.
        if (!offeredIn(def, base.machine.name, base.machine.state)) {
          return { accepted: false, reason: 'TOOL_NOT_ALLOWED', state: base.machine.state } satisfies ToolOutcome;
        }
        const ctx: ChatToolContext = { ...base, toolCallId };
        if (def.fromPersonOnly && def.fromPersonOnly(input).trim() !== (base.userText ?? '').trim()) {
          return { accepted: false, reason: 'NOT_FROM_PERSON', state: base.machine.state } satisfies ToolOutcome;
        }
        if (def.requiresConfirmation) {
          const refused = def.precheck ? await def.precheck(ctx, input) : null;
          if (refused) return refused;
          return requestConfirmation(ctx, def, def.pinInput ? await def.pinInput(ctx, input) : input);
        }
        return def.run(ctx, input);
      },
    });
  }
  return {
    tools,
    activeNames: () => defs.filter((def) => offeredIn(def, base.machine.name, base.machine.state)).map((def) => def.name),
  };
}

/**
 * Records a pending confirmation of `def` with this input: nothing runs until the person confirms it through
 * POST /api/chat/confirm. Used when the model calls such a tool, and by flows that put a confirm button in
 * front of the person themselves (the intake's summary card).
 */
export async function requestConfirmation<A extends Access>(ctx: ChatToolContext<A>, def: AnyChatToolDef, input: unknown): Promise<ToolOutcome> {
  const data = def.confirmData ? await def.confirmData(ctx, input) : undefined;
  const summary = def.confirmSummary?.(input, data) ?? { key: 'confirm.summary.default', params: { tool: def.name } };
  const row = await insertChatConfirmation(ctx.deps.db.prisma, {
    sessionId: ctx.sessionId,
    toolCallId: ctx.toolCallId,
    toolName: def.name,
    input,
    expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
  });
  return {
    accepted: false,
    reason: 'CONFIRMATION_REQUIRED',
    state: ctx.machine.state,
    ...(data ? { data } : {}),
    confirmation: { id: row.id, status: 'pending', summary: { key: summary.key, params: summary.params ?? {} } },
  };
}

/** Sends one event to the session's machine; the machine's guards decide. Saves the snapshot when accepted. */
export async function sendMachineEvent<A extends Access>(
  ctx: ChatToolContext<A>,
  event: { type: string; [k: string]: unknown },
  describe: (machine: MachineRun) => Pick<ToolOutcome, 'data' | 'options'> = () => ({}),
): Promise<ToolOutcome> {
  const result = ctx.machine.send(event);
  if (result.accepted) await ctx.saveMachine();
  return { accepted: result.accepted, state: result.state, ...(result.reason ? { reason: result.reason } : {}), ...describe(ctx.machine) };
}
