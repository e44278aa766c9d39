// An academy lesson's written body: a small, safe text format (decision 083) and the live figures its
// placeholders stand for. Pure, for the partner's page and the tests; nothing here becomes HTML.
//
// Format: blocks separated by a blank line; '## ' a heading, lines of '- ' a list, lines of '1. ' a numbered
// list, '**bold**' inside a line, anything else a paragraph. A block that is only [LEVELS] shows the live plan.
// Placeholders ([UNLOCK_PRICE] …) are replaced by the figures in force when the partner reads the lesson.
import { commissionAmount, type CommissionPlanValues } from './commission-plan.ts';
import { formatEuro, formatNumber, intlLocale } from '../money/format-money.ts';
import { GOINTS_PER_EUR } from '../money/money.ts';

export interface LessonFigures {
  plan: CommissionPlanValues;
  unlockPriceGoints: number;
  maxUnlocks: number;
  /** The platform's share of paid unlock Goints at the standard price (basis points). */
  platformShareBp: number;
  refundWindowDays: number;
  minPayoutCents: number;
  welcomeBonusGoints: number;
  signupBurstCount: number;
  invitesPerDay: number;
}

export const LESSON_PLACEHOLDERS = [
  'UNLOCK_PRICE',
  'UNLOCK_EURO',
  'MAX_UNLOCKS',
  'PLATFORM_SHARE',
  'POOL',
  'REFUND_DAYS',
  'MIN_PAYOUT',
  'WELCOME_BONUS',
  'SIGNUP_BURST',
  'INVITES_PER_DAY',
  'EXAMPLE_REVENUE',
  'EXAMPLE_L1',
] as const;
export type LessonPlaceholder = (typeof LESSON_PLACEHOLDERS)[number];
/** The block placeholder: the live commission plan, level by level. */
export const LEVELS_BLOCK = '[LEVELS]';

const percent = (bp: number, lang: string) => new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

/** What each placeholder reads in the given language, computed with the server's commission rule. */
export function lessonValues(f: LessonFigures, lang: string): Record<LessonPlaceholder, string> {
  // One paid unlock at the standard price, its deal completed: the platform's part, and level 1's commission of it.
  const revenueMilli = (BigInt(f.unlockPriceGoints) * 1000n * BigInt(f.platformShareBp)) / 10_000n;
  const l1Milli = commissionAmount(revenueMilli, f.plan, 1);
  return {
    UNLOCK_PRICE: formatNumber(f.unlockPriceGoints, lang),
    UNLOCK_EURO: formatEuro((f.unlockPriceGoints * 100) / GOINTS_PER_EUR, lang),
    MAX_UNLOCKS: formatNumber(f.maxUnlocks, lang),
    PLATFORM_SHARE: percent(f.platformShareBp, lang),
    POOL: percent(f.plan.poolBp, lang),
    REFUND_DAYS: formatNumber(f.refundWindowDays, lang),
    MIN_PAYOUT: formatEuro(f.minPayoutCents, lang),
    WELCOME_BONUS: formatNumber(f.welcomeBonusGoints, lang),
    SIGNUP_BURST: formatNumber(f.signupBurstCount, lang),
    INVITES_PER_DAY: formatNumber(f.invitesPerDay, lang),
    EXAMPLE_REVENUE: formatNumber(Number(revenueMilli) / 1000, lang),
    EXAMPLE_L1: formatNumber(Number(l1Milli) / 1000, lang),
  };
}

/** Replaces the known placeholders; anything else in brackets (e.g. a template's [NAME]) stays as written. */
export function fillLesson(body: string, values: Record<LessonPlaceholder, string>): string {
  return body.replace(/\[([A-Z0-9_]+)\]/g, (all, key: string) =>
    (LESSON_PLACEHOLDERS as readonly string[]).includes(key) ? values[key as LessonPlaceholder] : all,
  );
}

/** A run of text, bold or not. */
export interface Span {
  text: string;
  bold: boolean;
}
export type LessonBlock =
  | { kind: 'heading'; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'list'; ordered: boolean; items: Span[][] }
  | { kind: 'levels' };

export function parseSpans(line: string): Span[] {
  // '**' toggles bold; an unmatched '**' is kept as text.
  const parts = line.split('**');
  if (parts.length % 2 === 0) return [{ text: line, bold: false }];
  return parts.map((text, i) => ({ text, bold: i % 2 === 1 })).filter((s) => s.text.length > 0);
}

const BULLET = /^[-*]\s+/;
const NUMBERED = /^\d+[.)]\s+/;

/** The body's blocks, in order. Lines of one block that are neither list items nor a heading join into one paragraph. */
export function parseLesson(body: string): LessonBlock[] {
  const blocks: LessonBlock[] = [];
  const chunks = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const cur: { para: string[]; list: { ordered: boolean; items: Span[][] } | null } = { para: [], list: null };
    const flush = () => {
      if (cur.para.length) blocks.push({ kind: 'paragraph', spans: parseSpans(cur.para.join(' ')) });
      if (cur.list) blocks.push({ kind: 'list', ...cur.list });
      cur.para = [];
      cur.list = null;
    };
    for (const line of lines) {
      if (line === LEVELS_BLOCK) {
        flush();
        blocks.push({ kind: 'levels' });
      } else if (line.startsWith('#')) {
        flush();
        blocks.push({ kind: 'heading', spans: parseSpans(line.replace(/^#+\s*/, '')) });
      } else if (BULLET.test(line) || NUMBERED.test(line)) {
        const ordered = NUMBERED.test(line);
        if (cur.para.length || (cur.list && cur.list.ordered !== ordered)) flush();
        cur.list ??= { ordered, items: [] };
        cur.list.items.push(parseSpans(line.replace(ordered ? NUMBERED : BULLET, '')));
      } else {
        if (cur.list) flush();
        cur.para.push(line);
      }
    }
    flush();
  }
  return blocks;
}
