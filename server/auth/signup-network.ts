// The network a person signs up from, kept only as a keyed hash (HMAC with the auth secret) of its /24
// (IPv4) or /48 (IPv6) prefix, never the address: two accounts from one network on both sides of a deal
// hold the payout for review (server/domain/payouts/payout-hold.ts). Loopback, private, link-local and
// carrier-grade NAT addresses say nothing about a person and give no hash.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import net from 'node:net';

/**
 * The auth request being handled (set by the auth door in server/app.ts): the client address, and for a
 * sign-up what the new user row is written with (resolved before better-auth's transaction, decision 061).
 */
export const authRequestContext = new AsyncLocalStorage<{ ip: string | undefined; signup?: { referredById: string | null; signupNetwork: string | null } }>();

function ipv4Network(ip: string): string | null {
  const [a, b, c] = ip.split('.').map(Number) as [number, number, number];
  if (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  )
    return null;
  return `${a}.${b}.${c}.0/24`;
}

function ipv6Groups(ip: string): number[] {
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const h = head ? head.split(':').filter(Boolean) : [];
  const t = tail ? tail.split(':').filter(Boolean) : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g, 16));
}

/** '203.0.113.0/24' or '2001:db8:abcd::/48'; null for addresses that do not point to a person's network. */
export function networkOf(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const plain = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(plain)) return ipv4Network(plain);
  if (!net.isIPv6(plain)) return null;
  const g = ipv6Groups(plain.split('%')[0]!);
  if (g.every((x) => x === 0) || (g.slice(0, 7).every((x) => x === 0) && g[7] === 1)) return null;
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xfe00) === 0xfc00) return null;
  return `${g
    .slice(0, 3)
    .map((x) => x.toString(16))
    .join(':')}::/48`;
}

export function signupNetworkHash(ip: string | undefined | null, secret: string): string | null {
  const network = networkOf(ip);
  return network ? crypto.createHmac('sha256', secret).update(`signup-network:${network}`).digest('hex') : null;
}
