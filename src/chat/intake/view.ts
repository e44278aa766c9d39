// The intake view (`output.data` of every intake tool, docs/domain/intake-contract.md), read defensively
// from the loosely typed tool output, and how its values read on screen. Pure: no DOM.
import { intakeText, isCategoryId, isUrgency, toLang, type CategoryId, type Urgency } from './labels.ts';
import { formatBudget as formatMoneyBudget } from '../../../core/money/format-money.ts';

export interface IntakeView {
  firstName: string | null;
  category: CategoryId | null;
  description: string | null;
  postcode: string | null;
  place: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  budgetOpen: boolean;
  urgency: Urgency | null;
  date: string | null;
  version: number;
  /** The description as providers see it before unlocking, computed by the server (null without a description). */
  teaser: string | null;
  say?: string;
  requestId?: string;
  requestStatus?: 'draft' | 'open' | 'review';
  needsRegistration?: boolean;
}

type Data = Record<string, unknown> | null | undefined;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function readView(data: Data): IntakeView {
  const d = data ?? {};
  const view: IntakeView = {
    firstName: str(d.firstName),
    category: isCategoryId(d.category) ? d.category : null,
    description: str(d.description),
    postcode: str(d.postcode),
    place: str(d.place),
    budgetMin: num(d.budgetMin),
    budgetMax: num(d.budgetMax),
    budgetOpen: d.budgetOpen === true,
    urgency: isUrgency(d.urgency) ? d.urgency : null,
    date: typeof d.date === 'string' && ISO_DATE.test(d.date) ? d.date : null,
    version: num(d.version) ?? 0,
    teaser: str(d.teaser),
  };
  const say = str(d.say);
  if (say) view.say = say;
  const requestId = str(d.requestId);
  if (requestId) view.requestId = requestId;
  if (d.requestStatus === 'draft' || d.requestStatus === 'open' || d.requestStatus === 'review') view.requestStatus = d.requestStatus;
  if (typeof d.needsRegistration === 'boolean') view.needsRegistration = d.needsRegistration;
  return view;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the person's time zone as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d! + days));
  return date.toISOString().slice(0, 10);
}

/** '2026-06-15' → '15.06.2026' (the answer format of a German chat). */
export function isoToGerman(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** A date for reading: '15.06.2026' in German, '15 Jun 2026' in English. */
export function formatDate(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions =
    toLang(lang) === 'de'
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(toLang(lang) === 'de' ? 'de-DE' : 'en-GB', options).format(Date.UTC(y!, m! - 1, d!));
}

/** '300 € – 500 €', '300 €', or 'offen' / 'open' (also when no budget was given at all). */
export function formatBudget(view: Pick<IntakeView, 'budgetMin' | 'budgetMax' | 'budgetOpen'>, lang: string): string {
  const { budgetMin: min, budgetMax: max } = view;
  if (view.budgetOpen || (min === null && max === null)) return intakeText(lang, 'summary.budgetOpen');
  return formatMoneyBudget(min, max, lang) ?? intakeText(lang, 'summary.budgetOpen');
}

/** '50667 Köln', 'Köln' or '50667'; null when neither is known. */
export function formatLocation(view: Pick<IntakeView, 'postcode' | 'place'>): string | null {
  const text = [view.postcode, view.place].filter(Boolean).join(' ');
  return text || null;
}
