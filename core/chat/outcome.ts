// What a chat tool returns: the model phrases it, the client renders it (src/chat/tool-renderers).
import type { ConfirmationStatus } from '../statuses.ts';

export type { ConfirmationStatus };

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
  /**
   * Buttons that complete what the person asked for: the candidates when a reference was needed (the offers to
   * accept, the payouts to approve) or the actions a clarifying question offers. A click sends the label as
   * the person's message; the offline model then runs the choice's tool with its input (or its intent on the
   * message that was unclear), a real model reads the label.
   */
  choices?: Choice[];
  /** Present for tools that need the person's confirmation. */
  confirmation?: ConfirmationInfo;
}

export interface Choice {
  /** The button's words, in the person's language (also what a click sends). */
  label: string;
  /** The tool a click runs, with this input... */
  tool?: string;
  input?: Record<string, unknown>;
  /** ...or the intent it means (a clarifying question's option). */
  intent?: string;
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
