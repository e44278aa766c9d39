// Who an e-mail address stands for, for the fraud rules (affiliate commissions, decision 025) and the payout
// hold (decision 019) alike: one list of domains that many unrelated people share, one reading of a mailbox.
// The free-mail domains come from the maintained package free-email-domains (decision 066); the few German
// providers it lacks and the domains reserved for examples and tests are added here.
import { createRequire } from 'node:module';

const FREE_MAIL_DOMAINS: readonly string[] = createRequire(import.meta.url)('free-email-domains');

/** German mail providers the package does not list (yet). */
const MORE_FREE_MAIL = ['mailbox.org', 'kabelmail.de', 'vodafone.de', 'email.de'];

const SHARED = new Set([...FREE_MAIL_DOMAINS, ...MORE_FREE_MAIL].map((d) => d.toLowerCase()));

/** Nobody receives mail there: reserved for examples and tests (RFC 2606, RFC 6761). */
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost|local)$/;

/** A domain many unrelated people share (free mail) or nobody receives mail at: two people on it are no signal. */
export function isSharedMailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return SHARED.has(d) || RESERVED.test(d);
}

/** The mailbox behind an address: lower case, '+tag' removed, Googlemail as Gmail and its dots ignored. */
export function mailboxOf(email: string): { local: string; domain: string } {
  const raw = email.trim().toLowerCase();
  const at = raw.lastIndexOf('@');
  const rawDomain = at < 0 ? '' : raw.slice(at + 1);
  const domain = rawDomain === 'googlemail.com' ? 'gmail.com' : rawDomain;
  let local = (at < 0 ? raw : raw.slice(0, at)).split('+')[0]!;
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return { local, domain };
}

/** The patterns an address stands for: its mailbox and, for an own (company) domain, the domain. */
export function emailPatterns(email: string): string[] {
  const { local, domain } = mailboxOf(email);
  if (!domain || !local) return [email.toLowerCase().trim()];
  const mailbox = `${local}@${domain}`;
  return isSharedMailDomain(domain) ? [mailbox] : [mailbox, `@${domain}`];
}
