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
import { decidePendingConfirmation, findChatConfirmation, finishChatConfirmation, getChatConfirmation } from '../domain/chat/chat-confirmations.ts';
import { chatRuntime } from './turn.ts';
import { publishChatEvent } from './events.ts';
import { getChatTool, mayUse, offeredIn } from './tools/registry.ts';
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
    const row = await findChatConfirmation(prisma, session.id, input.confirmationId);
    if (!row) throw new AppError('NOT_FOUND');
    const wanted: ConfirmationStatus = input.decision === 'confirm' ? 'confirmed' : 'cancelled';
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

    const outcome = await runConfirmed(deps, auth, lang, session.id, row);
    const status: ConfirmationStatus = outcome.accepted ? 'confirmed' : 'failed';
    // A confirmed account deletion (decision 046) has removed the session with its confirmations: nothing to update then.
    await finishChatConfirmation(prisma, row.id, status, outcome);
    await patchToolPart(deps, session.id, row, status, outcome);
    return { status, result: outcome, repeated: false };
  } finally {
    release();
  }
}

async function runConfirmed(deps: AppDeps, auth: AuthContext, lang: Lang, sessionId: string, row: Row): Promise<ToolOutcome> {
  const prisma = deps.db.prisma;
  const def = getChatTool(row.toolName);
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
