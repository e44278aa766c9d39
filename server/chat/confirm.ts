// POST /api/chat/confirm: the person's own click on a confirm widget. The model can propose a tool that
// spends money or changes settings, but only this door runs it: once, for the session's owner, with the
// role and the machine state checked again at that moment.
import type { UIMessage } from 'ai';
import { AppError } from '../../core/errors.ts';
import type { AuthContext } from '../auth/guards.ts';
import type { AppDeps } from '../deps.ts';
import type { Lang } from '../i18n.ts';
import { openChatSession, restoreSessionMachine, saveMachine, sessionMachineLogic } from './session.ts';
import { getChatSession } from '../domain/chat/chat-sessions.ts';
import { listRecentAssistantMessages, replaceChatMessageParts } from '../domain/chat/chat-messages.ts';
import {
  decidePendingConfirmation,
  findChatConfirmation,
  finishChatConfirmation,
  getChatConfirmation,
  listAbandonedConfirmations,
  renewConfirmationLease,
  takeOverRunningConfirmation,
} from '../domain/chat/chat-confirmations.ts';
import { loadSessionUser } from '../auth/guards.ts';
import { normalizeLang } from '../i18n.ts';
import { announceChatUpdate } from './live-notes.ts';
import { chatRuntime } from './turn.ts';
import { publishChatEvent } from './events.ts';
import { chatTools, mayUse, offeredIn } from './tools/index.ts';
import type { ConfirmationInfo, ConfirmationStatus, ToolOutcome } from '../../core/chat/outcome.ts';

export interface ConfirmInput {
  sessionId: string;
  confirmationId: string;
  decision: 'confirm' | 'cancel';
}

export interface ConfirmResult {
  status: ConfirmationStatus;
  result: ToolOutcome | null;
  /** True when this exact decision had already been taken (nothing ran again). */
  repeated: boolean;
}

type Row = { id: string; status: string; result: unknown; toolCallId: string; toolName: string; input: unknown; expiresAt: Date };

function asResult(row: Pick<Row, 'status' | 'result'>, repeated: boolean): ConfirmResult {
  return { status: row.status as ConfirmationStatus, result: (row.result as ToolOutcome | null) ?? null, repeated };
}

export async function decideConfirmation(deps: AppDeps, auth: AuthContext, lang: Lang, input: ConfirmInput): Promise<ConfirmResult> {
  const prisma = deps.db.prisma;
  const session = await openChatSession(deps, auth, input.sessionId);
  const release = await chatRuntime(deps).lock.acquire(session.id);
  try {
    const found = await findChatConfirmation(prisma, session.id, input.confirmationId);
    if (!found) throw new AppError('NOT_FOUND');
    let row = found;
    const wanted: ConfirmationStatus = input.decision === 'confirm' ? 'confirmed' : 'cancelled';
    // Running with the session's lock in our hand: its runner died (or lost its lock) and stops renewing its
    // lease. Once the lease has passed, this confirm completes it (decision 060).
    if (row.status === 'running') row = await waitForRunner(deps, row);
    if (row.status === 'running') {
      if (input.decision === 'cancel') throw new AppError('CONFLICT');
      return await resumeConfirmation(deps, auth, lang, session.id, row);
    }
    if (row.status !== 'pending') {
      // Idempotent: the same decision again answers what happened the first time.
      if (row.status === wanted || (input.decision === 'confirm' && row.status === 'failed')) return asResult(row, true);
      throw new AppError(row.status === 'expired' ? 'CHAT_CONFIRMATION_EXPIRED' : 'CONFLICT');
    }
    const now = new Date();
    if (row.expiresAt <= now) {
      await decidePendingConfirmation(prisma, row.id, { status: 'expired', decidedAt: now });
      await patchToolPart(deps, session.id, row, 'expired', null);
      throw new AppError('CHAT_CONFIRMATION_EXPIRED');
    }
    // Claim it: across app instances only one request moves it out of 'pending'.
    const claimed = await decidePendingConfirmation(prisma, row.id, {
      status: input.decision === 'confirm' ? 'running' : 'cancelled',
      decidedAt: now,
      decidedBy: auth.user?.id ?? null,
      leaseUntil: new Date(now.getTime() + CONFIRMATION_LEASE_MS),
    });
    if (!claimed) {
      const current = await getChatConfirmation(prisma, row.id);
      if (current.status === wanted) return asResult(current, true);
      throw new AppError('CONFLICT');
    }
    if (input.decision === 'cancel') {
      await patchToolPart(deps, session.id, row, 'cancelled', null);
      return { status: 'cancelled', result: null, repeated: false };
    }
    return await runAttempt(deps, auth, lang, session.id, row, 1, () => runConfirmed(deps, auth, lang, session.id, row));
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------------
// A run that a killed process left `running` (decision 060). The runner holds a lease it renews while it
// works; a row still running after its lease has passed is completed by whoever comes next under the
// session's lock: the person's retry of the same confirm, or the recovery job.

/** How long a run may go without its heartbeat before another takes it over. */
export const CONFIRMATION_LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;

/**
 * The tools whose run may simply run again after an interruption: a second run changes nothing twice, because
 * the domain command is keyed by the confirmation (confirmRequest: the request's sourceKey; the payout requests:
 * their idempotency key) or refuses what its first run already did (a deal confirmed, an offer accepted, a
 * request unlocked or closed, a price set). Any other tool (messages, follow-up edits, new versions, profiles,
 * payout methods) is not run again: its confirmation ends as failed with CHAT_CONFIRMATION_INTERRUPTED, and the
 * person looks and asks again. A tool missing here is never run twice.
 */
const RESUMABLE_TOOLS: ReadonlySet<string> = new Set([
  'confirmRequest',
  'requestPayout',
  'requestPartnerPayout',
  'confirmDeal',
  'acceptOffer',
  'declineOffer',
  'cancelDeal',
  'withdrawOffer',
  'unlockRequest',
  'closeMyRequest',
  'adminCloseRequest',
  'adminModerateRequest',
  'adminDecideReport',
  'adminDecideObjection',
  'adminReleaseCommission',
  'adminVoidCommission',
  'approvePayout',
  'suspendUser',
  'unsuspendUser',
  'setCategoryPrice',
  'removePayoutMethod',
  'deleteMyAccount',
]);

type RunningRow = Awaited<ReturnType<typeof getChatConfirmation>>;

/** While the row is running under a live lease, waits for its runner (a process that lost only its lock). */
async function waitForRunner(deps: AppDeps, row: RunningRow): Promise<RunningRow> {
  const until = Date.now() + CONFIRMATION_LEASE_MS + 2_000;
  let current = row;
  while (current.status === 'running' && current.leaseUntil && current.leaseUntil.getTime() > Date.now() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await getChatConfirmation(deps.db.prisma, row.id);
  }
  return current;
}

/**
 * Takes over an abandoned run and completes it: runs it again when that is safe (and `mayRun`), else fails it
 * cleanly.
 */
async function resumeConfirmation(deps: AppDeps, auth: AuthContext, lang: Lang, sessionId: string, row: RunningRow, mayRun = true): Promise<ConfirmResult> {
  const prisma = deps.db.prisma;
  const now = new Date();
  const attempt = row.attempt + 1;
  if (!(await takeOverRunningConfirmation(prisma, row.id, row.attempt, now, new Date(now.getTime() + CONFIRMATION_LEASE_MS)))) {
    const current = await getChatConfirmation(prisma, row.id);
    if (current.status === 'confirmed' || current.status === 'failed') return asResult(current, true);
    throw new AppError('CONFLICT');
  }
  deps.logger.warn({ confirmationId: row.id, tool: row.toolName, attempt }, 'resuming an interrupted chat confirmation');
  return runAttempt(deps, auth, lang, sessionId, row, attempt, async () =>
    mayRun && RESUMABLE_TOOLS.has(row.toolName) ? runConfirmed(deps, auth, lang, sessionId, row) : { accepted: false, reason: 'CHAT_CONFIRMATION_INTERRUPTED' },
  );
}

/** One attempt under its lease: the heartbeat renews it while `run` works; the end is written under the attempt. */
async function runAttempt(
  deps: AppDeps,
  auth: AuthContext,
  lang: Lang,
  sessionId: string,
  row: Row,
  attempt: number,
  run: () => Promise<ToolOutcome>,
): Promise<ConfirmResult> {
  const prisma = deps.db.prisma;
  const heartbeat = setInterval(() => {
    renewConfirmationLease(prisma, row.id, attempt, new Date(Date.now() + CONFIRMATION_LEASE_MS)).catch((err: unknown) =>
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), confirmationId: row.id }, 'chat confirmation heartbeat failed'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let outcome: ToolOutcome;
  try {
    outcome = await run();
  } finally {
    clearInterval(heartbeat);
  }
  const status: ConfirmationStatus = outcome.accepted ? 'confirmed' : 'failed';
  // A confirmed account deletion (decision 046) has removed the session with its confirmations: nothing to update then.
  await finishChatConfirmation(prisma, row.id, attempt, status, outcome);
  await patchToolPart(deps, sessionId, row, status, outcome);
  return { status, result: outcome, repeated: false };
}

/**
 * The recovery job (decision 060): completes every confirmation whose runner is gone, for its person (as
 * they are now) in the session's language, under the session's lock. A session busy right now is left to
 * the next run. Answers how many it completed.
 */
export async function recoverChatConfirmations(deps: AppDeps, opts: { take?: number } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  const rows = await listAbandonedConfirmations(prisma, new Date(), opts.take ?? 50);
  let completed = 0;
  for (const r of rows) {
    let release: () => void;
    try {
      release = await chatRuntime(deps).lock.acquire(r.sessionId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'CHAT_BUSY') continue;
      throw err;
    }
    try {
      const row = await getChatConfirmation(prisma, r.id);
      if (row.status !== 'running' || (row.leaseUntil && row.leaseUntil.getTime() > Date.now())) continue;
      const user = row.decidedBy ? await loadSessionUser(prisma, row.decidedBy) : null;
      // A person who can no longer act (suspended, deleted) gets nothing run on their behalf.
      const mayRun = !row.decidedBy || user !== null;
      const result = await resumeConfirmation(deps, { user, sessionId: null }, normalizeLang(r.session.locale), r.sessionId, row, mayRun).catch(
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'CONFLICT') return null;
          throw err;
        },
      );
      if (!result) continue;
      completed += 1;
      if (r.session.userId) await announceChatUpdate(deps, r.session.userId, r.sessionId);
    } finally {
      release();
    }
  }
  return completed;
}

async function runConfirmed(deps: AppDeps, auth: AuthContext, lang: Lang, sessionId: string, row: Row): Promise<ToolOutcome> {
  const prisma = deps.db.prisma;
  const def = chatTools.get(row.toolName);
  // Checked again now: the role may have changed since the model proposed it.
  if (!def || !def.requiresConfirmation || !mayUse(def, auth)) return { accepted: false, reason: 'TOOL_NOT_ALLOWED' };
  const session = await getChatSession(prisma, sessionId);
  const machine = restoreSessionMachine(session, deps.logger, await sessionMachineLogic(prisma, session, deps.logger));
  try {
    if (!offeredIn(def, machine.name, machine.state)) return { accepted: false, reason: 'NOT_POSSIBLE_NOW', state: machine.state };
    const parsed = def.input.safeParse(row.input);
    if (!parsed.success) return { accepted: false, reason: 'INVALID_INPUT', state: machine.state };
    return await def.run(
      {
        deps,
        auth,
        lang,
        sessionId,
        machine,
        toolCallId: row.toolCallId,
        confirmationId: row.id,
        saveMachine: () => saveMachine(prisma, sessionId, machine),
        publish: (event) => publishChatEvent(deps, event),
        registry: chatTools,
      },
      parsed.data,
    );
  } finally {
    machine.stop();
  }
}

/** Writes the decision into the stored tool part, so a reload (and the model's next turn) sees it. */
async function patchToolPart(deps: AppDeps, sessionId: string, row: Row, status: ConfirmationStatus, outcome: ToolOutcome | null) {
  const prisma = deps.db.prisma;
  const messages = await listRecentAssistantMessages(prisma, sessionId, 50);
  for (const m of messages) {
    const parts = m.parts;
    let changed = false;
    const next = parts.map((p) => {
      const part = p as { toolCallId?: string; output?: ToolOutcome };
      if (part.toolCallId !== row.toolCallId || !part.output?.confirmation) return p;
      changed = true;
      const confirmation: ConfirmationInfo = { ...part.output.confirmation, status, ...(outcome ? { result: outcome } : {}) };
      const output: ToolOutcome = outcome
        ? { ...outcome, confirmation }
        : { accepted: false, reason: status === 'expired' ? 'CONFIRMATION_EXPIRED' : 'CANCELLED_BY_PERSON', state: part.output.state, confirmation };
      return { ...p, output };
    });
    if (changed) {
      await replaceChatMessageParts(prisma, m.id, next as UIMessage['parts']);
      return;
    }
  }
}
