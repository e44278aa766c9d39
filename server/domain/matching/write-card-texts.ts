// Writes the texts of the cards of open requests where they are missing or differ from what the redaction
// makes of the request now (decision 077): after the migration that added the cards (their texts empty), and
// after a change of the redaction (CARD_TEXTS_VERSION). Runs as the job write-card-texts after each start and
// does its pass only when the version stored in the database differs from the code's. Until a card has its
// texts, the feed shapes them from the request, so nothing shows unredacted or wrong meanwhile.
import type { Db } from '../../db.ts';
import { matchCardOf, type CardSource } from './match-card.ts';

/**
 * The version of what cardTexts makes of a request (the redaction in core/redaction/contact.ts, the preview
 * length, the masks). tests/unit/card-texts-version.test.ts pins it to the redaction's output on the
 * contact eval set: a change of that output fails the test until this number is raised.
 */
export const CARD_TEXTS_VERSION = 2;
const VERSION_KEY = 'feed.cardTextsVersion';

export async function writeCardTexts(db: Db, opts: { batch?: number; force?: boolean } = {}): Promise<{ requests: number; cards: number } | null> {
  const batch = opts.batch ?? 500;
  const stored = await db.setting.findUnique({ where: { key: VERSION_KEY } });
  if (!opts.force && stored?.value === CARD_TEXTS_VERSION) return null;
  let after = '';
  let requests = 0;
  let cards = 0;
  for (;;) {
    const rows = await db.request.findMany({
      where: { status: 'open', id: { gt: after } },
      orderBy: { id: 'asc' },
      take: batch,
      select: {
        id: true,
        kategorie: true,
        beschreibung: true,
        ort: true,
        postcode: true,
        budgetMin: true,
        budgetMax: true,
        dringlichkeit: true,
        date: true,
        status: true,
        unlockCount: true,
        maxUnlocks: true,
        releasedAt: true,
        createdAt: true,
      },
    });
    if (!rows.length) break;
    after = rows.at(-1)!.id;
    requests += rows.length;
    const made = rows.map((r: CardSource & { id: string }) => ({ id: r.id, ...matchCardOf(r, 0) }));
    cards += await db.$executeRaw`
      UPDATE "Match" m SET "teaserDe" = v.de, "teaserEn" = v.en, "placeMasked" = v.place, "postcodeMasked" = v.postcode
        FROM unnest(${made.map((c) => c.id)}::text[], ${made.map((c) => c.teaserDe)}::text[], ${made.map((c) => c.teaserEn)}::text[],
                    ${made.map((c) => c.placeMasked)}::text[], ${made.map((c) => c.postcodeMasked)}::text[]) AS v(id, de, en, place, postcode)
       WHERE m."requestId" = v.id
         AND (m."teaserDe" IS DISTINCT FROM v.de OR m."teaserEn" IS DISTINCT FROM v.en
              OR m."placeMasked" IS DISTINCT FROM v.place OR m."postcodeMasked" IS DISTINCT FROM v.postcode)`;
    if (rows.length < batch) break;
  }
  await db.setting.upsert({ where: { key: VERSION_KEY }, create: { key: VERSION_KEY, value: CARD_TEXTS_VERSION }, update: { value: CARD_TEXTS_VERSION } });
  return { requests, cards };
}
