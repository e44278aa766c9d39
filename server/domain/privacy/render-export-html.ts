// The readable form of the personal data export: one self-contained HTML page in the person's language with a
// section per kind of data (the same content as the JSON, which stays the machine-readable copy, Art. 20).
import { translator, type Lang } from '../../i18n.ts';
import type { PersonalDataExport } from './export-personal-data.ts';

const SECTIONS = [
  'account',
  'requests',
  'chat',
  'offers',
  'deals',
  'reviews',
  'favorites',
  'inquiries',
  'unlocks',
  'purchases',
  'ledger',
  'payouts',
  'payoutMethods',
  'referrals',
  'provider',
  'partner',
  'support',
  'mails',
] as const satisfies readonly (keyof PersonalDataExport)[];

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function scalar(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'string') return escapeHtml(v);
  if (typeof v === 'number' || typeof v === 'boolean') return escapeHtml(String(v));
  return `<pre>${escapeHtml(JSON.stringify(v, null, 2))}</pre>`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function render(value: unknown, empty: string): string {
  if (Array.isArray(value)) {
    if (!value.length) return `<p class="empty">${escapeHtml(empty)}</p>`;
    if (value.every(isPlainObject)) {
      const cols = [...new Set(value.flatMap((row) => Object.keys(row)))];
      const head = cols.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
      const body = value.map((row) => `<tr>${cols.map((c) => `<td>${render(row[c], empty)}</td>`).join('')}</tr>`).join('');
      return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
    }
    return `<ul>${value.map((v) => `<li>${render(v, empty)}</li>`).join('')}</ul>`;
  }
  if (isPlainObject(value)) {
    const rows = Object.entries(value).map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${render(v, empty)}</td></tr>`);
    return `<table class="kv"><tbody>${rows.join('')}</tbody></table>`;
  }
  if (value === null) return `<p class="empty">${escapeHtml(empty)}</p>`;
  return scalar(value);
}

export function renderExportHtml(data: PersonalDataExport, lang: Lang): string {
  const t = translator(lang);
  const title = t('account:export.htmlTitle') as string;
  const empty = t('account:export.empty') as string;
  const sections = SECTIONS.map(
    (key) => `<section id="${key}"><h2>${escapeHtml(t(`account:export.sections.${key}`) as string)}</h2>${render(data[key], empty)}</section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:.85rem;width:100%}th,td{border:1px solid #ddd;padding:.25rem .4rem;text-align:left;vertical-align:top}
th{background:#f6f6f6}pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:.8rem}.scroll{overflow-x:auto}.empty{color:#666}
td,th{word-break:break-word}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('account:export.htmlIntro', { date: new Date(data.exportedAt).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC' }) }) as string)}</p>
${sections}
</body>
</html>
`;
}
