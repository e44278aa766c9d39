// A short note in a person's current chat conversation about something that happened outside it (a new
// offer, a deal waiting for their confirmation, a payout paid): stored as an assistant message whose only
// part is a 'data-note', so it is history (a reload shows it) but never a turn: the model is not shown it
// (data parts do not become model messages) and the session's machine does not move.
import type { UIMessage } from 'ai';
import { z } from 'zod';
import type { Db } from '../../db.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { normalizeLang, translator, type Lang } from '../../i18n.ts';
import { findCurrentChatSession } from './current-chat-session.ts';

export const chatNoteInput = z.object({
  userId: z.string().min(1),
  /** The bus event's id: one note per event, however many instances hear it. */
  eventId: z.string().min(1).max(64),
  /** chat:notes.<key> */
  key: z.string().regex(/^[a-zA-Z]+$/),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** The reference to type, shown under the note ('Deal #a1b2c3 bestätigen'): chat:notes.say.<say>. */
  say: z
    .string()
    .regex(/^[a-zA-Z]+$/)
    .optional(),
});
export type ChatNoteInput = z.input<typeof chatNoteInput>;

export interface ChatNoteData {
  key: string;
  text: string;
  say?: string;
  lang: Lang;
}

/** The note's message id, the same on every instance for the same event. */
export const chatNoteId = (eventId: string) => `note-${eventId}`;

/**
 * Appends the note in the session's language. Returns the session it went to, or null when the person has
 * no conversation yet or this event's note is already there.
 */
export async function appendChatNote(prisma: Db, input: ChatNoteInput): Promise<{ sessionId: string; message: UIMessage } | null> {
  const note = chatNoteInput.parse(input);
  const session = await findCurrentChatSession(prisma, note.userId);
  if (!session) return null;
  const lang = normalizeLang(session.locale);
  const t = translator(lang);
  const data: ChatNoteData = {
    key: note.key,
    text: t(`chat:notes.${note.key}`, note.params) as string,
    lang,
    ...(note.say ? { say: t(`chat:notes.say.${note.say}`, note.params) as string } : {}),
  };
  const message: UIMessage = { id: chatNoteId(note.eventId), role: 'assistant', parts: [{ type: 'data-note', data } as never] };
  try {
    await prisma.chatMessage.create({ data: { id: message.id, sessionId: session.id, role: message.role, parts: JSON.parse(JSON.stringify(message.parts)) } });
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
  return { sessionId: session.id, message };
}
