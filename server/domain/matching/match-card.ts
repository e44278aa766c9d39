// The card a match carries for its provider's feed (decision 077): what the provider sees before the unlock,
// written when the match is made. The texts go through the one redaction (request-views.ts) in both
// languages; the trigger akut_match_cards_follow_request keeps the request's plain columns in step.
import type { RequestRow } from '../requests/request-views.ts';
import { cardTexts } from '../requests/request-views.ts';

export interface MatchCardColumns {
  kategorie: string;
  teaserDe: string;
  teaserEn: string;
  placeMasked: string | null;
  postcodeMasked: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  wantedBy: Date | null;
  requestStatus: string;
  unlockCount: number;
  maxUnlocks: number;
  unlockPrice: number;
  postedAt: Date;
}

export type CardSource = Pick<
  RequestRow,
  | 'kategorie'
  | 'beschreibung'
  | 'ort'
  | 'postcode'
  | 'budgetMin'
  | 'budgetMax'
  | 'dringlichkeit'
  | 'date'
  | 'status'
  | 'unlockCount'
  | 'maxUnlocks'
  | 'releasedAt'
  | 'createdAt'
>;

/** The card of a request, for every match of it (the same for each provider but for the match's own columns). */
export function matchCardOf(r: CardSource, unlockPrice: number): MatchCardColumns {
  const de = cardTexts(r, 'de');
  return {
    kategorie: r.kategorie,
    teaserDe: de.preview,
    teaserEn: cardTexts(r, 'en').preview,
    placeMasked: de.placeMasked,
    postcodeMasked: de.postcodeMasked,
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    dringlichkeit: r.dringlichkeit,
    wantedBy: r.date,
    requestStatus: r.status,
    unlockCount: r.unlockCount,
    maxUnlocks: r.maxUnlocks,
    unlockPrice,
    postedAt: r.releasedAt ?? r.createdAt,
  };
}
