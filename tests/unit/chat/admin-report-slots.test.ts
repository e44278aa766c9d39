// What the admins' report tools read from a message (server/chat/tools/admin-reports.ts): the provision and
// its ground, the decision on a report, the outcome of an objection, the statement of reasons and which
// reports to list. Which tool a message calls is the classifier's business (counted by `npm run eval:chat`);
// these are the values, in German and English.
import { describe, expect, it } from 'vitest';
import { objectionOutcomeOf, provisionOf, reportDecisionOf, reportFilterOf, statementOf } from '../../../server/chat/tools/admin-reports.ts';

describe('provisions', () => {
  it.each([
    ['Meldung #ab12cd entfernen: AGB § 5, Täuschung', { ground: 'terms', provision: 'AGB § 5' }],
    ['#ab12cd einschränken, Verstoß gegen AGB § 5.2, Werbung', { ground: 'terms', provision: 'AGB § 5.2' }],
    ['Meldung #ab12cd: der Inhalt verstößt gegen § 5 der AGB', { ground: 'terms', provision: '§ 5 der AGB' }],
    ['#0e9b54 löschen AGB 6.3 beleidigung', { ground: 'terms', provision: 'AGB 6.3' }],
    ['restrict #ab12cd, terms § 3 para 2', { ground: 'terms', provision: 'terms § 3 para 2' }],
    ['report #ab12cd: the content breaks section 5 of the terms', { ground: 'terms', provision: 'section 5 of the terms' }],
    ['remove report #ab12cd: § 263 StGB, fraud', { ground: 'illegal', provision: '§ 263 StGB' }],
    ['Meldung #ab12cd entfernen: Art. 9 DSGVO verletzt', { ground: 'illegal', provision: 'Art. 9 DSGVO' }],
    ['Profilbild mit Symbolen nach § 86a StGB', { ground: 'illegal', provision: '§ 86a StGB' }],
    ['Betrug, § 263 Abs. 1 StGB', { ground: 'illegal', provision: '§ 263 Abs. 1 StGB' }],
  ])('%s', (text, expected) => {
    expect(provisionOf(text)).toEqual(expected);
  });
  it.each(['keep it', 'Meldung #ab12cd entfernen: die Firma gibt es nicht', 'remove report #ab12cd, 5 fake reviews'])('none in: %s', (text) => {
    expect(provisionOf(text)).toBeNull();
  });
});

describe('the decision on a report', () => {
  it.each([
    ['Meldung #a1b2c3 entfernen: AGB § 5, die Firma gibt es nicht', 'remove'],
    ['#4f8e21 löschen, § 263 StGB', 'remove'],
    ['Die gemeldete Anbieterseite #5d21c7 sperren: AGB § 3', 'remove'],
    ['bitte #e51d26 runternehmen, fremde Fotos', 'remove'],
    ['pls take #e51d26 down, copyrighted photos', 'remove'],
    ['#7be104 einschränken: AGB § 7, Telefonnummer im Text', 'restrict'],
    ['Inhalt von #2e6c90 ausblenden, AGB § 5.2', 'restrict'],
    ['unlist provider page #4b0c7e, terms § 3', 'restrict'],
    ['Meldung #0c9d3a behalten: zulässige Meinungsäußerung', 'keep'],
    ['Meldung #19af4e zurückweisen, kein Verstoß erkennbar', 'keep'],
    ['#f0b3c5 lassen wie es ist, Meldung unbegründet', 'keep'],
    ['Bei #c7a1f5 nichts entfernen, die Meldung ist Quatsch', 'keep'],
    ['dismiss report #19af4e, no violation', 'keep'],
    ["don't remove #19af4e, it's a fair review", 'keep'],
    // The reason's words do not decide: 'entfernen' after the colon is part of the statement.
    ['Meldung #0c9d3a behalten: kein Grund, die Bewertung zu entfernen', 'keep'],
    // Nothing before the reason: the whole message.
    ['Meldung #3e7f1a: der Inhalt verstößt gegen § 5 der AGB, entfernen.', 'remove'],
  ])('%s → %s', (text, decision) => {
    expect(reportDecisionOf(text)).toBe(decision);
  });
  it('none when the words do not say', () => {
    expect(reportDecisionOf('Meldung #3e7f1a entscheiden')).toBeUndefined();
  });
});

describe('the outcome of an objection', () => {
  it.each([
    ['Widerspruch #a1b2c3 stattgeben: Eintrag gefunden', 'reversed'],
    ['Gib dem Widerspruch zu #63fa08 statt, Missverständnis', 'reversed'],
    ['Entscheidung zu #0c9d3a aufheben, Nachweis nachgereicht', 'reversed'],
    ['Hebe die Entfernung bei #b7d4e1 auf', 'reversed'],
    ['#e3a9f0 Widerspruch annehmen, Bewertung wieder anzeigen', 'reversed'],
    ['reverse objection #ab12cd: the register entry exists', 'reversed'],
    ['accept objection #a1b2c3: the entry exists', 'reversed'],
    ['undo the removal of #3b5f92, objection justified', 'reversed'],
    ['Widerspruch #4f8e21 zurückweisen: die Beleidigung ist eindeutig', 'upheld'],
    ['Den Widerspruch von Elektro Blitz ablehnen', 'upheld'],
    ['Widerspruch #f0b3c5 nicht stattgeben: die Angaben sind falsch', 'upheld'],
    ['Bestätige die Entscheidung zu #c4e7b2', 'upheld'],
    ['reject objection #4f8e21: the insult is clear', 'upheld'],
    ['uphold the decision on #c4e7b2, nothing new', 'upheld'],
    ["don't grant the objection on #f0b3c5", 'upheld'],
  ])('%s → %s', (text, outcome) => {
    expect(objectionOutcomeOf(text)).toBe(outcome);
  });
  it('none when the words do not say', () => {
    expect(objectionOutcomeOf('Widerspruch #a1b2c3')).toBeUndefined();
  });
});

describe('the statement of reasons', () => {
  it.each([
    ['Meldung #ab12cd entfernen: AGB § 5, die Firma ist frei erfunden und täuscht Kunden.', 'die Firma ist frei erfunden und täuscht Kunden.'],
    ['remove report #ab12cd: § 263 StGB - advance payment fraud', 'advance payment fraud'],
    ['Meldung a4c8e2 behalten weil die Kritik sachlich und belegbar ist', 'die Kritik sachlich und belegbar ist'],
    ['reverse objection #ab12cd: the register entry exists, the page may be shown again', 'the register entry exists, the page may be shown again'],
    // Without a colon or 'weil': the words around the command.
    ['dismiss report #ab12cd, the company is real and the page is accurate', 'the company is real and the page is accurate'],
    ['Meldung #19af4e zurückweisen, kein Verstoß erkennbar, die Bewertung ist sachlich', 'kein Verstoß erkennbar, die Bewertung ist sachlich'],
    // A provision inside the reason stays where it is.
    ['Meldung #ab12cd entfernen: Die Firma verstößt gegen AGB § 3.', 'Die Firma verstößt gegen AGB § 3.'],
  ])('%s', (text, reason) => {
    expect(statementOf(text)).toBe(reason);
  });
  it('none without one', () => {
    expect(statementOf('Meldung #ab12cd entfernen')).toBeUndefined();
  });
});

describe('which reports to list', () => {
  it.each([
    ['Zeig mir die offenen Meldungen', 'todo'],
    ['Welche Meldungen muss ich noch entscheiden?', 'todo'],
    ['Meldungen und Widersprüche', 'todo'],
    ['show objections', 'objected'],
    ['Liegen Widersprüche vor?', 'objected'],
    ['Alle Meldungen anzeigen', 'all'],
    ['show every report, decided ones too', 'all'],
    ['Gibt es neue Meldungen?', 'open'],
    ['any new reports?', 'open'],
  ])('%s → %s', (text, filter) => {
    expect(reportFilterOf(text)).toBe(filter);
  });
});
