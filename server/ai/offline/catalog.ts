// What the offline model knows of the tools it may be given: per tool, the intents that call it (trained
// from the corpus, server/chat/intents) and how its input is read from a message (entities only). The chat's
// tool registry builds this catalog from the tool definitions and hands it to the model; the model still
// only ever calls the tools it is given for a step, so the catalog can never widen what a person may do.
import type { Lang } from '../../i18n.ts';

/** The message and what the model knows about where the conversation stands. */
export interface MessageInput {
  /** The person's message, as written. */
  text: string;
  lang: Lang;
  now: Date;
  /** The session's machine and its state at the start of the step. */
  machine?: string;
  state?: string;
  /** Facts of the machine's context the chat passes along (for example the request draft). */
  context?: Record<string, unknown>;
  /**
   * The signed-in person brings others in as a partner (a partner profile, or people who signed up through
   * their link): their plain words about earnings and payouts mean the commission, not a deal's share.
   */
  partner?: boolean;
  /**
   * For an admin's message with a reference: the kinds of thing it names in the database ('request',
   * 'payout', 'commission', 'document', 'report'), looked up by the chat turn; empty when it names nothing.
   */
  refKinds?: readonly string[];
}

/**
 * How strongly a message reads as the answer to the question the state asks: 'explicit' wins over any intent,
 * 'plain' yields to an intent the classifier is sure of, 'fallback' (the tool cannot read it but the question
 * is still open) is taken only when nothing else fits, so the tool asks its question again.
 */
export type AnswerStrength = 'explicit' | 'plain' | 'fallback';

export interface ToolUnderstanding {
  /** The corpus intents that call this tool (when it is offered). */
  intents?: readonly string[];
  /**
   * The tool's input from the entities in the message, for the intent it was chosen for; {} when it has none
   * (the tool asks or lists the candidates then), null when this tool cannot take the message after all.
   */
  slots?(m: MessageInput, intent: string): Record<string, unknown> | null;
  /** A message the tool takes exactly as it is (a form's 'Label: value;' string, a button's label). */
  exact?(m: MessageInput): Record<string, unknown> | null;
  /**
   * The message read as the answer to the question this state asks (a first name, a postcode, a budget):
   * 'explicit' answers ('Ich heiße Anna', '50667 Köln') win over other intents, 'plain' ones only when no
   * other intent is clearly meant.
   */
  answer?(m: MessageInput): { input: Record<string, unknown>; strength: AnswerStrength } | null;
}

export type ToolCatalog = ReadonlyMap<string, ToolUnderstanding>;

/**
 * Intents the model answers itself, without a tool: small talk and asking for the question again. Every
 * other intent reaches the person only through a tool offered in the state.
 */
export const SPOKEN_INTENTS = ['smallTalk.greet', 'smallTalk.thanks', 'smallTalk.bye', 'smallTalk.bot', 'smallTalk.howAreYou', 'repeat', 'howItWorks'] as const;
