// What a chat tool returns: the model phrases it, the client renders it (src/chat/tool-renderers).
export type ConfirmationStatus = 'pending' | 'confirmed' | 'cancelled' | 'failed' | 'expired';

export interface ConfirmationInfo {
  id: string;
  status: ConfirmationStatus;
  /** What the person is asked to confirm: a key of the chat namespace and its parameters. */
  summary: { key: string; params: Record<string, string | number> };
  /** The outcome of running the tool, once confirmed. */
  result?: ToolOutcome;
}

export interface ToolOutcome {
  /** Whether the machine (and domain command) took the action. */
  accepted: boolean;
  /** Why not, as a reason code (chat:offline.reason.<code>); CONFIRMATION_REQUIRED while waiting for the person. */
  reason?: string;
  /** The machine's state afterwards. */
  state?: string;
  /** Facts for the reply (for example the remembered need, or counters). */
  data?: Record<string, unknown>;
  /** Choices the person can take now, rendered as buttons. */
  options?: string[];
  /** Present for tools that need the person's confirmation. */
  confirmation?: ConfirmationInfo;
}

export function isToolOutcome(value: unknown): value is ToolOutcome {
  return typeof value === 'object' && value !== null && typeof (value as ToolOutcome).accepted === 'boolean';
}

/**
 * A before/after card: what an admin (or anyone changing settings) is asked to confirm, as rows already
 * worded in the person's language. Put it under `data.change` of a pending confirmation (confirmData); the
 * client's confirm card shows it as a table. `before` null means the thing does not exist yet, `after` null
 * that it will be removed.
 */
export interface ChangeView {
  /** What is changed, e.g. 'Preis: Handwerk' or 'Follow-up-Skript (Entwurf)'. */
  subject: string;
  rows: { label: string; before: string | null; after: string | null }[];
}
