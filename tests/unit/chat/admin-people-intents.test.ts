// The offline model's reading of an admin's words about people, in German and English: a role given by e-mail
// or by name (the role said in words), suspending and unsuspending by name; questions about people change
// nothing. And the role a sentence gives, read on its own.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';
import { roleNamed } from '../../../server/chat/tools/admin-words.ts';

const read = (text: string, lang: 'de' | 'en') => decideFor('admin', text, { lang });

describe('changing a role', () => {
  it.each([
    ['de', 'Ändere die Rolle von max@example.com auf Anbieter', { email: 'max@example.com', role: 'provider' }],
    ['de', 'Gib max@example.com Adminrechte', { email: 'max@example.com', role: 'admin' }],
    ['de', 'Mach Lisa Brandt zur Admin', { hint: 'Mach Lisa Brandt zur Admin', role: 'admin' }],
    ['de', 'Jonas soll wieder normaler Suchender sein', { hint: 'Jonas soll wieder normaler Suchender sein', role: 'seeker' }],
    ['de', 'Setz die Rolle von Lisa Brandt auf Suchende', { hint: 'Setz die Rolle von Lisa Brandt auf Suchende', role: 'seeker' }],
    ['en', 'make max@example.com a provider', { email: 'max@example.com', role: 'provider' }],
    ['en', 'give max@example.com the admin role', { email: 'max@example.com', role: 'admin' }],
    ['en', 'turn Lisa into an admin', { hint: 'turn Lisa into an admin', role: 'admin' }],
    ['en', "change Jonas Weber's role to seeker", { hint: "change Jonas Weber's role to seeker", role: 'seeker' }],
  ] as const)('%s: %s', (lang, text, input) => {
    expect(read(text, lang)).toEqual({ tool: 'changeUserRole', input });
  });
  it('en: demote jonas@example.com to seeker', () => {
    expect(read('demote jonas@example.com to seeker', 'en').tool).toBe('changeUserRole');
  });
  it.each([
    ['de', 'Welche Rolle hat Lisa?'],
    ['de', 'Wie viele Admins gibt es?'],
    ['en', 'how many providers are there'],
  ] as const)('a question about people changes no role, %s: %s', (lang, text) => {
    expect(read(text, lang).tool).not.toBe('changeUserRole');
  });
});

describe('suspending and unsuspending by name', () => {
  it.each([
    ['de', 'Sperr Lisa Brandt wegen Spam', 'suspendUser', { hint: 'Sperr Lisa Brandt', reason: 'Spam' }],
    ['en', 'suspend Jonas Weber because of fake offers', 'suspendUser', { hint: 'suspend Jonas Weber', reason: 'fake offers' }],
    ['de', 'Entsperr Lisa Brandt, hat sich geklärt', 'unsuspendUser', { hint: 'Entsperr Lisa Brandt, hat sich geklärt' }],
    ['en', 'unblock Jonas Weber please', 'unsuspendUser', { hint: 'unblock Jonas Weber please' }],
  ] as const)('%s: %s', (lang, text, tool, input) => {
    expect(read(text, lang)).toEqual({ tool, input });
  });
});

describe('the role a sentence gives', () => {
  it.each([
    ['Mach max@example.com zum Admin', 'admin'],
    ['Setz jana.weber@posteo.de auf Suchende zurück', 'seeker'],
    ['Aus dem Anbieter info@bad-kaya.de bitte wieder einen normalen Suchenden machen', 'seeker'],
    ['Ändere Anna von Suchende auf Anbieterin', 'provider'],
    ['Rolle von t.krueger@gmx.de: Admin entfernen, Anbieter lassen', 'provider'],
    ['Stuf sven@example.com zum Suchenden runter', 'seeker'],
    ['make Ahmet a provider', 'provider'],
    ['from admin to normal user: r.krause@mail.de', 'seeker'],
    ['Robert should be admin, he is taking over support', 'admin'],
    ['remove admin rights from alt-admin@akut.de, keep provider', 'provider'],
  ] as const)('%s → %s', (text, role) => {
    expect(roleNamed(text).role).toBe(role);
  });
  it.each([
    'Nimm Kevin die Adminrechte weg',
    'Kevin soll kein Admin mehr sein',
    "Kevin shouldn't be an admin anymore",
    'revoke admin for hannah@example.com',
    'Nutzerrolle ändern',
  ])('names no role to give: %s', (text) => {
    expect(roleNamed(text).role).toBeUndefined();
  });
});
