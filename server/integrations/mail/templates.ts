// E-mail templates: subject and body lines come from the `email` locale namespace in both languages.
import { translator, type Lang } from '../../i18n.ts';

export const MAIL_TEMPLATES = [
  'verifyEmail',
  'resetPassword',
  'welcome',
  'newMatch',
  'offerReceived',
  'offerAccepted',
  'dealConfirmed',
  'dealCompleted',
  'dealCancelled',
  'dealInquiry',
  'verificationDecided',
  'requestModerated',
  'requestClosedByAdmin',
  'purchaseReceipt',
  'payoutPaid',
  'payoutFailed',
  'payoutReversed',
  'commissionVoided',
  'contactMessage',
  'supportReply',
  'partnerInvite',
  'accountSuspended',
  'accountUnsuspended',
  'accountRoleChanged',
  'reportReceived',
  'reportDecidedReporter',
  'reportDecidedAffected',
  'reportObjectionDecided',
  'reportObjectionReporter',
  'signInAttempts',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** Values a template's words may use ({{name}}, {{url}}, and the template's own). */
export type MailParams = { name?: string; url?: string } & Record<string, string | number | undefined>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES.get(c)!);

/**
 * Mails whose link carries a live token (confirm the address, set a new password): whoever reads the link
 * can take over the account, so no stored copy keeps it (docs/decisions/022-no-live-tokens-in-the-outbox.md).
 */
export const LIVE_LINK_TEMPLATES: ReadonlySet<MailTemplate> = new Set<MailTemplate>(['verifyEmail', 'resetPassword']);

/** `linkWithheld`: the copy kept in the outbox, with the link replaced by a note. */
export function renderMail(template: MailTemplate, lang: Lang, params: MailParams, opts: { linkWithheld?: boolean } = {}): RenderedMail {
  const t = translator(lang);
  const vars = { ...params, name: params.name || t('email:common.friend'), url: params.url ?? '' };
  const subject = t(`email:${template}.subject`, vars);
  const greeting = t('email:common.greeting', vars);
  const body = t(`email:${template}.body`, vars);
  const action = params.url ? t(`email:${template}.action`, vars) : '';
  const footer = t('email:common.footer', vars);
  if (params.url && opts.linkWithheld) {
    const note = t('email:common.linkWithheld');
    const text = [greeting, '', body, '', `${action}: ${note}`, '', footer].join('\n');
    return { subject, text, html: page(lang, greeting, body, `<p>${escapeHtml(action)}: ${escapeHtml(note)}</p>`, footer) };
  }
  const text = [greeting, '', body, ...(params.url ? ['', `${action}: ${params.url}`] : []), '', footer].join('\n');
  const button = params.url
    ? `<p><a href="${escapeHtml(params.url)}" style="display:inline-block;padding:12px 20px;background:#e11d48;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(params.url)}</p>`
    : '';
  return { subject, text, html: page(lang, greeting, body, button, footer) };
}

function page(lang: Lang, greeting: string, body: string, action: string, footer: string): string {
  // A body of several lines becomes several paragraphs (a receipt's lines, a quoted message).
  const paragraphs = body
    .split('\n')
    .map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : ''))
    .join('');
  return `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">akut</h1><p>${escapeHtml(greeting)}</p>${paragraphs}${action}<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
}
