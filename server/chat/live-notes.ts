// Dashboard → chat: events for a person (a new offer, an accepted offer, a deal waiting for their confirmation,
// a payout paid, and their own actions taken outside the chat) become a short note in their current chat
// conversation, and every open chat of theirs hears 'chat.updated' and reloads it. Each instance subscribes;
// the note's id is the event's, so only one instance stores it (and only that one announces it). Notes say
// only what the person may see anyway: references, amounts, counts; never a request's text or contact data.
// docs/decisions/054-live-chat-notes.md
import type { AppDeps } from '../deps.ts';
import type { BusEvent } from '../realtime/bus.ts';
import { appendChatNote, type ChatNoteInput } from '../domain/chat/append-chat-note.ts';
import { findCurrentChatSession } from '../domain/chat/current-chat-session.ts';
import { dealPartyOf, offerPriceForSeeker, ownPayoutCents } from '../domain/chat/note-facts.ts';

/** The live event that tells a person's open chats to load the conversation again. */
export const CHAT_UPDATED = 'chat.updated';

type Note = Omit<ChatNoteInput, 'userId' | 'eventId'>;
type NoteFor = (deps: AppDeps, userId: string, payload: Record<string, unknown>) => Promise<Note | null>;

const ref = (id: unknown) => (typeof id === 'string' ? id.slice(0, 6) : '');
const str = (v: unknown) => (typeof v === 'string' ? v : null);

async function dealParty(deps: AppDeps, dealId: string | null, userId: string) {
  return dealId ? dealPartyOf(deps.db.prisma, dealId, userId) : null;
}

async function payoutNote(deps: AppDeps, userId: string, payload: Record<string, unknown>, key: string): Promise<Note | null> {
  const id = str(payload.payoutId);
  if (!id) return null;
  const cents = await ownPayoutCents(deps.db.prisma, id, userId);
  return cents === null ? null : { key, params: { ref: ref(id), price: cents } };
}

/** Which events become a note, and what it says. */
const NOTES: Record<string, NoteFor> = {
  'offer.received': async (deps, userId, p) => {
    const id = str(p.offerId);
    const price = id ? await offerPriceForSeeker(deps.db.prisma, id, userId) : null;
    if (price === null) return null;
    return { key: 'offerReceived', params: { ref: ref(id), price }, say: 'acceptOffer' };
  },
  'offer.withdrawn': async (_deps, _userId, p) => ({ key: 'offerWithdrawn', params: { ref: ref(p.offerId) } }),
  'offer.declined': async (_deps, _userId, p) => ({ key: 'offerDeclined', params: { ref: ref(p.offerId) } }),
  'offer.accepted': async (deps, userId, p) => {
    const party = await dealParty(deps, str(p.dealId), userId);
    if (!party) return null;
    return { key: party === 'provider' ? 'offerAccepted' : 'offerAcceptedSelf', params: { ref: ref(p.offerId), deal: ref(p.dealId) }, say: 'confirmDeal' };
  },
  'deal.confirmed': async (deps, userId, p) => {
    const party = await dealParty(deps, str(p.dealId), userId);
    if (!party) return null;
    return party === p.by
      ? { key: 'dealConfirmedSelf', params: { deal: ref(p.dealId) } }
      : { key: 'dealConfirmedOther', params: { deal: ref(p.dealId) }, say: 'confirmDeal' };
  },
  'deal.completed': async (_deps, _userId, p) => ({ key: 'dealCompleted', params: { deal: ref(p.dealId) } }),
  'deal.cancelled': async (deps, userId, p) => {
    const party = await dealParty(deps, str(p.dealId), userId);
    if (!party) return null;
    return { key: party === p.by ? 'dealCancelledSelf' : 'dealCancelled', params: { deal: ref(p.dealId) } };
  },
  'match.created': async (_deps, _userId, p) => {
    const count = typeof p.count === 'number' && p.count > 0 ? p.count : 1;
    return { key: 'matchCreated', params: { count }, say: 'showMatches' };
  },
  'request.unlocked': async (_deps, _userId, p) => ({ key: 'requestUnlocked', params: { ref: ref(p.requestId) }, say: 'createOffer' }),
  'unlock.refunded': async (_deps, _userId, p) => ({
    key: 'unlockRefunded',
    params: { ref: ref(p.requestId), goints: typeof p.goints === 'number' ? p.goints : 0 },
  }),
  'purchase.completed': async (_deps, _userId, p) => (typeof p.goints === 'number' ? { key: 'purchaseCompleted', params: { goints: p.goints } } : null),
  'payout.requested': (deps, userId, p) => payoutNote(deps, userId, p, 'payoutRequested'),
  'payout.paid': (deps, userId, p) => payoutNote(deps, userId, p, 'payoutPaid'),
  'payout.failed': (deps, userId, p) => payoutNote(deps, userId, p, 'payoutFailed'),
  'payout.rejected': (deps, userId, p) => payoutNote(deps, userId, p, 'payoutRejected'),
  'payout.method.added': async () => ({ key: 'payoutMethodAdded' }),
  'commission.voided': async (_deps, _userId, p) =>
    typeof p.goints === 'number' ? { key: 'commissionVoided', params: { ref: ref(p.commissionId), goints: p.goints, reason: str(p.reason) ?? '' } } : null,
  'profile.updated': async () => ({ key: 'profileSaved' }),
};

export const NOTE_EVENT_TYPES = Object.keys(NOTES);

/** Stores the note for one event (if it makes one) and tells the person's open chats. */
export async function noteEvent(deps: AppDeps, event: BusEvent): Promise<string | null> {
  const build = NOTES[event.type];
  const userId = event.to.userId;
  // Only events for one person (never a role's broadcast) with an id to key the note on.
  if (!build || !userId || !event.id) return null;
  const payload = event.payload && typeof event.payload === 'object' ? (event.payload as Record<string, unknown>) : {};
  const note = await build(deps, userId, payload);
  if (!note) return null;
  // The conversation the action was taken in shows its own answer: no second word about it there.
  if (event.origin) {
    const current = await findCurrentChatSession(deps.db.prisma, userId);
    if (current?.id === event.origin) return null;
  }
  const stored = await appendChatNote(deps.db.prisma, { ...note, userId, eventId: event.id });
  if (!stored) return null;
  await announceChatUpdate(deps, userId, stored.sessionId);
  return stored.sessionId;
}

/**
 * Tells every open chat of the person (on every instance) that the conversation changed. lastMessageId, when
 * given, is its newest message: a chat that already shows it has nothing to load.
 */
export async function announceChatUpdate(
  deps: Pick<AppDeps, 'bus' | 'logger'>,
  userId: string,
  sessionId: string,
  lastMessageId?: string | null,
): Promise<void> {
  await deps.bus.publish({ type: CHAT_UPDATED, to: { userId }, payload: { sessionId, ...(lastMessageId ? { lastMessageId } : {}) } }).catch((err: unknown) => {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'chat update could not be announced');
  });
}

/** Subscribes this instance to the bus; returns a stop that waits for the notes under way. */
export function startLiveNotes(deps: AppDeps): () => Promise<void> {
  let queue = Promise.resolve();
  const off = deps.bus.subscribe((event) => {
    if (!NOTES[event.type]) return;
    queue = queue
      .then(() => noteEvent(deps, event))
      .then(
        () => {},
        (err: unknown) => deps.logger.error({ err: err instanceof Error ? err.message : String(err), type: event.type }, 'chat note failed'),
      );
  });
  return async () => {
    off();
    await queue;
  };
}
