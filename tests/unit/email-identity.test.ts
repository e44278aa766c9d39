// One list of shared mail domains and one reading of a mailbox for the fraud rules and the payout hold (decision 066).
import { describe, expect, it } from 'vitest';
import { emailPatterns, isSharedMailDomain, mailboxOf } from '../../server/domain/users/email-identity.ts';
import { emailPatternMatch } from '../../server/domain/affiliate/fraud-rules.ts';

describe('shared mail domains', () => {
  it('knows the free-mail providers of both former lists, the package and the German ones it lacks', () => {
    // Once only in the payout hold's list, once only in the fraud rules' list, and ones neither had.
    for (const d of ['gmail.com', 'web.de', 'gmx.net', 't-online.de', 'arcor.de', 'mail.de', 'msn.com', 'proton.me', 'posteo.de', 'yandex.ru', 'laposte.net'])
      expect(isSharedMailDomain(d), d).toBe(true);
    for (const d of ['mailbox.org', 'kabelmail.de', 'vodafone.de', 'email.de']) expect(isSharedMailDomain(d), d).toBe(true);
    for (const d of ['example.com', 'example.org', 'shop.test', 'localhost']) expect(isSharedMailDomain(d), d).toBe(true);
    for (const d of ['friseur-sonnenschein.de', 'firma-schmidt.de', 'akut.de']) expect(isSharedMailDomain(d), d).toBe(false);
    expect(isSharedMailDomain(' GMX.DE ')).toBe(true);
  });

  it('reads a mailbox the same way for both rules', () => {
    expect(mailboxOf('Max.Mustermann+akut@GoogleMail.com')).toEqual({ local: 'maxmustermann', domain: 'gmail.com' });
    expect(mailboxOf('max.mustermann+1@web.de')).toEqual({ local: 'max.mustermann', domain: 'web.de' });
    expect(emailPatterns('anna.berg+x@gmail.com')).toEqual(['annaberg@gmail.com']);
    expect(emailPatterns('inhaber@friseur-sonnenschein.de')).toEqual(['inhaber@friseur-sonnenschein.de', '@friseur-sonnenschein.de']);
    expect(emailPatterns('anna@arcor.de')).toEqual(['anna@arcor.de']);
    // The fraud rules and the payout hold agree: a shared domain is no signal for either.
    expect(emailPatternMatch('anna@arcor.de', 'bernd@arcor.de')).toBeNull();
    expect(emailPatternMatch('anna@friseur-sonnenschein.de', 'bernd@friseur-sonnenschein.de')).toBe('@friseur-sonnenschein.de');
  });
});
