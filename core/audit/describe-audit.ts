// One entry of the admin audit log in the admin's words (issue 25): what was done to what, and each changed
// value before and after, labelled and formatted for the language: statuses, roles and categories by their
// names, euro amounts, percentages, Goints, dates in German time, follow-up steps as 'Schritt 2: Text ·
// sichtbar · Hallo!', the commission plan's levels one row each. Internal ids and bookkeeping times are left
// out. Pure: the caller gives its i18next `t` (keys carry their namespace) and the language; the browser's
// audit tab and the server alike can use it.
import { CATEGORY_LABELS } from '../categories/category-labels.ts';
import type { CategoryId } from '../categories/category-ids.ts';
import { formatEuro, formatGoints, formatNumber, intlLocale } from '../money/format-money.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface AuditChangeRow {
  label: string;
  before: string | null;
  after: string | null;
}

export interface AuditDescription {
  /** What was done: 'Provisionsplan geändert'. */
  title: string;
  /** What it was done to: 'Auszahlung #a1b2c3', 'Einstellungen'. */
  subject: string;
  rows: AuditChangeRow[];
}

export interface AuditEntryInput {
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The time zone every time of the admin area is shown in (stated beside them). */
export const ADMIN_TIME_ZONE = 'Europe/Berlin';

/** An ISO time as '28.11.2026, 11:25' / '28 Nov 2026, 11:25', German time. */
export function formatDateTimeBerlin(iso: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: ADMIN_TIME_ZONE }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}

/** An ISO time as '28.11.26, 11:25' / '28/11/2026, 11:25', German time: the short form of chat lists. */
export function formatDateTimeShortBerlin(iso: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'short', timeStyle: 'short', timeZone: ADMIN_TIME_ZONE }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}

/**
 * The instant a calendar day ('2026-11-28') begins in German time, or the last millisecond it ends at: the
 * audit filter's days are days as the admin area states its times.
 */
export function berlinDayBound(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + (end ? 1 : 0));
  // Berlin's offset from UTC at that wall time (one hour in winter, two in summer).
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ADMIN_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(wall))
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return new Date(wall - (shown - wall) - (end ? 1 : 0)).toISOString();
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Keys that are bookkeeping or internal references, never shown as a change. */
const HIDDEN = new Set(['id', 'createdAt', 'updatedAt', 'createdById', 'providerId', 'contentId', 'messageId', 'watchedBy']);

/** Entity types as the audit writes them → their name in the locale files. */
const ENTITY_KEYS: Record<string, string> = {
  settings: 'settings',
  request: 'request',
  verificationDocument: 'verification',
  payout: 'payout',
  sepaBatch: 'sepaBatch',
  user: 'user',
  price: 'price',
  followUpScript: 'followUpScript',
  CommissionPlan: 'commissionPlan',
  Commission: 'commission',
  Deal: 'deal',
  MarketingMaterial: 'marketingMaterial',
  AcademyVideo: 'academyVideo',
  job: 'job',
  contentReport: 'report',
};

/** Status values by entity: the key prefix that names them. */
const STATUS_KEYS: Record<string, string> = {
  payout: 'payouts:adminStatus',
  request: 'admin:requests.status',
  sepaBatch: 'admin:sepa.status',
  verificationDocument: 'admin:verifications.status',
  contentReport: 'reports:status',
  Commission: 'admin:audit.values.commission',
};

const percentOfBp = (bp: number, lang: string) => new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

/** A translation that exists, or null (i18next returns the key, or the defaultValue, when it has none). */
function known(t: Translate, key: string): string | null {
  const text = t(key, { defaultValue: '\u0000' });
  return typeof text !== 'string' || text === '\u0000' || text === key || text === key.split(':').pop() ? null : text;
}

interface Ctx {
  t: Translate;
  lang: string;
  entityType: string;
}

type Field = [label: string, value: string | null];

/** The fields of one side (before or after), each as label and display value, keyed for comparison. */
function fieldsOf(side: unknown, ctx: Ctx): Map<string, Field> {
  const out = new Map<string, Field>();
  if (side === null || side === undefined) return out;
  if (typeof side !== 'object' || Array.isArray(side)) {
    out.set('value', [ctx.t('admin:audit.fields.value'), plain(side, ctx)]);
    return out;
  }
  for (const [key, value] of Object.entries(side as Record<string, unknown>)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    for (const [k, field] of field2(key, value, ctx)) out.set(k, field);
  }
  return out;
}

const yesNo = (v: boolean, t: Translate) => t(v ? 'admin:users.yes' : 'admin:users.no');

/** A value whose field has no rule of its own. */
function plain(value: unknown, ctx: Ctx): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return yesNo(value, ctx.t);
  if (typeof value === 'number') return formatNumber(value, ctx.lang);
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTimeBerlin(value, ctx.lang) : value;
  if (Array.isArray(value)) return value.map((v) => plain(v, ctx) ?? '–').join(', ');
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => !HIDDEN.has(k))
    .map(([k, v]) => `${label(k, ctx)}: ${plain(v, ctx) ?? '–'}`)
    .join(' · ');
}

function label(key: string, ctx: Ctx): string {
  return known(ctx.t, `admin:audit.fields.${key}`) ?? ctx.t('admin:audit.fields.other');
}

/** A value looked up under a key prefix, or the value itself when the locale has no name for it. */
function named(prefix: string, value: unknown, ctx: Ctx): string | null {
  if (value === null || value === undefined || value === '') return null;
  return known(ctx.t, `${prefix}.${String(value)}`) ?? String(value);
}

function stepLine(step: unknown, ctx: Ctx): string {
  const s = step as { type?: string; active?: boolean; content?: Record<string, string> };
  const text = s.content?.[ctx.lang === 'en' ? 'en' : 'de'] ?? '';
  const persona = ctx.t('chat:persona.name');
  const shown = text.replace(/\{persona\}/g, persona).replace(/\{name\}/g, ctx.t('admin:followup.placeholders.nameShown'));
  return [
    ctx.t(`admin:followup.type.${s.type === 'voice' ? 'voice' : 'text'}`),
    ctx.t(s.active === false ? 'admin:audit.values.hidden' : 'admin:audit.values.shown'),
    shown,
  ].join(' · ');
}

/** One field of a side, as one or more rows (a list of steps or levels gives a row per item). */
function field2(key: string, value: unknown, ctx: Ctx): [string, Field][] {
  const { t, lang } = ctx;
  const one = (v: string | null, labelKey = `admin:audit.fields.${key}`): [string, Field][] => [[key, [known(t, labelKey) ?? label(key, ctx), v]]];
  // Settings are stored under their dotted names ('marketplace.maxRadiusKm').
  if (ctx.entityType === 'settings') {
    const name = key.split('.').pop() ?? key;
    const unit = known(t, `admin:settings.fields.${name}.unit`);
    const v = value === null ? null : `${plain(value, ctx)}${unit ? ` ${unit}` : ''}`;
    return one(v, `admin:settings.fields.${name}.label`);
  }
  switch (key) {
    case 'status':
      return one(STATUS_KEYS[ctx.entityType] ? named(STATUS_KEYS[ctx.entityType]!, value, ctx) : named('admin:audit.values.status', value, ctx));
    case 'state':
      return one(named('admin:audit.values.jobState', value, ctx));
    case 'amountCents':
    case 'stripeReversedCents':
    case 'totalCents':
    case 'basePriceCents':
      return one(typeof value === 'number' ? formatEuro(value, lang) : null);
    case 'unlockGoints':
    case 'goints':
      return one(typeof value === 'number' ? formatGoints(value, lang) : null);
    case 'poolBp':
    case 'commissionRateBp':
      return one(typeof value === 'number' ? percentOfBp(value, lang) : null);
    case 'levelsBp':
      return Array.isArray(value)
        ? value.map((bp, i): [string, Field] => [`level${i + 1}`, [t('admin:audit.fields.level', { level: i + 1 }), percentOfBp(Number(bp), lang)]])
        : [];
    case 'preset':
      return one(named('admin:provision.preset', value, ctx));
    case 'number':
      return one(value === null ? null : t('admin:followup.versions.number', { number: value }), 'admin:audit.fields.version');
    case 'restoredFrom':
      return one(value === null ? null : t('admin:followup.versions.number', { number: value }));
    case 'steps':
      return Array.isArray(value) ? value.map((s, i): [string, Field] => [`step${i + 1}`, [t('admin:followup.step', { n: i + 1 }), stepLine(s, ctx)]]) : [];
    case 'role':
      return one(named('admin:users.roles', value, ctx));
    case 'industryCategory':
      return one(CATEGORY_LABELS[value as CategoryId]?.[lang === 'en' ? 'en' : 'de'] ?? named('admin:audit.values.none', value, ctx));
    case 'serviceType':
      return one(value ? String(value) : t('admin:prices.wholeCategory'));
    case 'kind':
      return one(named('admin:content.kind', value, ctx));
    case 'category':
      if (ctx.entityType === 'AcademyVideo') return one(named('admin:content.videoCategory', value, ctx));
      if (ctx.entityType === 'contentReport') return one(named('reports:category', value, ctx), 'admin:audit.fields.reportCategory');
      return one(named('admin:content.category', value, ctx));
    case 'lang':
      return one(named('admin:content.lang', value, ctx));
    case 'durationMin':
      return one(typeof value === 'number' ? t('admin:content.videos.minutes', { count: value }) : null);
    case 'refunds':
      if (!Array.isArray(value)) return one(null);
      return one(
        t('admin:requests.change.refundsValue', {
          count: value.length,
          goints: value.reduce((sum: number, r) => sum + Number((r as { goints?: number }).goints ?? 0), 0),
        }),
      );
    case 'payoutIds':
      return one(Array.isArray(value) ? t('admin:audit.values.payouts', { count: value.length }) : null);
    case 'name':
      return ctx.entityType === 'job' ? one(named('admin:jobs.names', value, ctx), 'admin:audit.fields.job') : one(plain(value, ctx));
    case 'decision':
      return one(named('reports:decision', value, ctx));
    case 'ground':
      return one(named('reports:ground', value, ctx));
    case 'contentType':
      return one(named('reports:types', value, ctx));
    case 'restriction':
      return one(value === null ? t('admin:audit.values.unrestricted') : named('admin:audit.values.restriction', value, ctx));
    default:
      return one(plain(value, ctx));
  }
}

/** The entry as its title, its subject and the rows of what changed (all rows when one side is empty). */
export function describeAuditEntry(entry: AuditEntryInput, t: Translate, lang: string): AuditDescription {
  const ctx: Ctx = { t, lang, entityType: entry.entityType };
  const title = known(t, `admin:audit.actions.${entry.action.replace('.', '_')}`) ?? t('admin:audit.actions.other');
  const entity = known(t, `admin:audit.entities.${ENTITY_KEYS[entry.entityType] ?? entry.entityType}`) ?? t('admin:audit.entities.other');
  const subject = entry.entityId && entry.entityType !== 'settings' ? `${entity} #${entry.entityId.slice(0, 6)}` : entity;
  const before = fieldsOf(entry.before, ctx);
  const after = fieldsOf(entry.after, ctx);
  const rows: AuditChangeRow[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(key);
    const a = after.get(key);
    const bv = b?.[1] ?? null;
    const av = a?.[1] ?? null;
    if (bv === av) continue;
    rows.push({ label: (a ?? b)![0], before: bv, after: av });
  }
  return { title, subject, rows };
}
