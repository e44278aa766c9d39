-- The academy's items become lessons (decision 082): a written body in German and English, the video optional.
ALTER TABLE "AcademyVideo" ADD COLUMN "bodyDe" TEXT NOT NULL DEFAULT '',
ADD COLUMN "bodyEn" TEXT NOT NULL DEFAULT '';

-- The six seeded lessons. Figures in brackets ([UNLOCK_PRICE], [POOL], [LEVELS] …) are filled from the live
-- plan and settings when a partner reads the lesson, so the text stays true when an admin changes them.
UPDATE "AcademyVideo" SET "bodyDe" = 'akut verbindet Menschen, die schnell jemanden für einen Auftrag brauchen (Suchende), mit Anbietern aus ihrer Region. Als Partner empfiehlst du akut weiter und bekommst eine Provision, wenn über akut Geschäfte zustande kommen.

## So funktioniert akut
1. **Suchende** beschreiben im Chat, was sie brauchen. Das ist für sie kostenlos.
2. **Anbieter** sehen passende Anfragen und schalten eine Anfrage für [UNLOCK_PRICE] Goints frei (Standardpreis; 10 Goints = 1 €, also [UNLOCK_EURO]). Höchstens [MAX_UNLOCKS] Anbieter können dieselbe Anfrage freischalten. Neue Anbieter erhalten [WELCOME_BONUS] Goints Startguthaben.
3. Nach dem Freischalten macht der Anbieter ein Angebot. Nimmt die suchende Person es an und bestätigen beide den Deal, ist er abgeschlossen.
4. Bei Abschluss werden die bezahlten Goints geteilt: Die Plattform erhält [PLATFORM_SHARE] (Standard), den Rest bekommt die suchende Person. Goints aus Startguthaben oder Aktionen werden nicht geteilt.

## Dein Code und dein Link
- Du hast einen persönlichen Empfehlungscode und einen Link. Beides findest du im Dashboard.
- Wer über deinen Link kommt, wird dir bei der Registrierung zugeordnet (ein Cookie hält das 30 Tage). Der Code kann bei der Registrierung auch eingetippt werden.
- Es zählt der erste gültige Code. Die Zuordnung wird nie mehr geändert.

## Wann entsteht eine Provision?
Eine Provision entsteht erst, wenn eine Person aus deinem Netzwerk einen Deal abschließt, egal ob als Suchende oder als Anbieter. Sie wird aus den Plattform-Einnahmen dieses Deals berechnet. Für Registrierungen allein gibt es nichts, und auch nicht für das Anwerben weiterer Partner.

## Spielregeln
- Eigene Deals bringen dir keine Provision, und dich selbst kannst du nicht werben.
- Keine Fake-Anmeldungen, keine Konten für andere Personen, keine Zweitkonten.
- Provisionen werden zurückgehalten und geprüft, wenn zum Beispiel Name, E-Mail-Postfach oder Auszahlungskonto von dir und der geworbenen Person gleich sind, wenn sich [SIGNUP_BURST] oder mehr Personen innerhalb einer Stunde über dich anmelden oder wenn du beide Seiten eines Deals geworben hast.', "bodyEn" = 'akut connects people who quickly need someone for a job (seekers) with providers in their area. As a partner you recommend akut and earn a commission when deals are made on akut.

## How akut works
1. **Seekers** describe in the chat what they need. It is free for them.
2. **Providers** see matching requests and unlock one for [UNLOCK_PRICE] Goints (standard price; 10 Goints = €1, so [UNLOCK_EURO]). At most [MAX_UNLOCKS] providers can unlock the same request. New providers get [WELCOME_BONUS] Goints of starting credit.
3. After unlocking, the provider makes an offer. When the seeker accepts it and both confirm the deal, it is completed.
4. On completion the paid Goints are split: the platform keeps [PLATFORM_SHARE] (standard), the seeker gets the rest. Goints from starting credit or promotions are not split.

## Your code and your link
- You have a personal referral code and a link. You find both in the dashboard.
- Whoever comes through your link is assigned to you when they sign up (a cookie keeps this for 30 days). The code can also be typed in at sign-up.
- The first valid code counts. The assignment never changes afterwards.

## When does a commission arise?
A commission arises only when a person in your network completes a deal, as a seeker or as a provider. It is calculated from the platform revenue of that deal. Sign-ups alone earn nothing, and neither does recruiting other partners.

## Rules
- Your own deals earn you no commission, and you cannot refer yourself.
- No fake sign-ups, no accounts for other people, no second accounts.
- Commissions are held and reviewed when, for example, you and the referred person share a name, a mailbox or a payout account, when [SIGNUP_BURST] or more people sign up through you within one hour, or when you referred both sides of a deal.', "durationMin" = 4 WHERE "id" = 'av-start-1';

UPDATE "AcademyVideo" SET "bodyDe" = 'Im Partner-Dashboard siehst du, was dein Netzwerk bewirkt. Alle Zahlen kommen live aus dem System.

## Einnahmen
- **Gesamt** und **diesen Monat**: alle Provisionen, die nicht storniert wurden, in Goints und als Euro-Betrag.
- **Ausstehend**: Neue Provisionen warten [REFUND_DAYS] Tage (Widerrufsfrist), bevor sie auszahlbar werden.
- **Zurückgehalten – wird geprüft**: Provisionen, bei denen eine Prüfregel angeschlagen hat. Ein Admin gibt sie frei oder storniert sie mit Begründung.
- **Auszahlbar**: Diesen Betrag kannst du dir auszahlen lassen, ab [MIN_PAYOUT]. Dafür hinterlegst du unter „Profil & Auszahlungen“ eine Zahlungsmethode.

## Der Provisionsplan
Vom Plattform-Anteil eines Deals gehen [POOL] in den Provisionstopf. Er wird so auf bis zu zehn Ebenen verteilt (Ebene 1 = Personen, die du direkt geworben hast):

[LEVELS]

**Beispiel:** Eine Anfrage wird einmal mit gekauften Goints für [UNLOCK_PRICE] Goints freigeschaltet, und der Deal kommt zustande. Die Plattform erhält davon [EXAMPLE_REVENUE] Goints. Hast du die suchende Person oder den Anbieter dieses Deals direkt geworben (Ebene 1), bekommst du [EXAMPLE_L1] Goints. Schalten mehrere Anbieter die Anfrage frei, wächst die Grundlage entsprechend.

## Netzwerk
Du siehst, wie viele Personen auf jeder Ebene sind und wie viele davon aktiv sind, dazu Klicks, Registrierungen und die Conversion-Rate deines Links.

## Steuern
Provisionen sind Einkünfte. Du musst sie selbst in deiner Steuererklärung angeben; wer regelmäßig Provisionen erhält, braucht unter Umständen ein Gewerbe. Bewahre deine Auszahlungsbelege auf und frag im Zweifel eine Steuerberatung.', "bodyEn" = 'The partner dashboard shows what your network achieves. All figures come live from the system.

## Earnings
- **Total** and **this month**: every commission that was not cancelled, in Goints and as a euro amount.
- **Pending**: new commissions wait [REFUND_DAYS] days (refund window) before they become payable.
- **Held – under review**: commissions that matched a review rule. An admin releases or cancels them with a reason.
- **Available**: you can have this amount paid out, from [MIN_PAYOUT]. For that you add a payment method under "Profile & payouts".

## The commission plan
Of the platform share of a deal, [POOL] goes into the commission pool. It is split over up to ten levels (level 1 = people you referred directly):

[LEVELS]

**Example:** a request is unlocked once with bought Goints for [UNLOCK_PRICE] Goints, and the deal is made. The platform receives [EXAMPLE_REVENUE] Goints of it. If you referred the seeker or the provider of this deal directly (level 1), you get [EXAMPLE_L1] Goints. When several providers unlock the request, the basis grows accordingly.

## Network
You see how many people are on each level and how many of them are active, plus clicks, sign-ups and the conversion rate of your link.

## Taxes
Commissions are income. You have to declare them in your tax return yourself; if you earn commissions regularly you may need to register a business. Keep your payout statements and ask a tax adviser when in doubt.', "durationMin" = 4 WHERE "id" = 'av-start-2';

UPDATE "AcademyVideo" SET "bodyDe" = 'Anbieter sind für akut besonders wichtig: Je mehr gute Anbieter in einer Region sind, desto schneller bekommen Suchende Angebote.

## Wen du ansprechen kannst
Handwerksbetriebe, Dienstleister und Selbstständige, die du kennst oder bei denen du Kunde bist: Malerinnen, Elektriker, Umzugshelfer, Reinigungsdienste, Nachhilfe und viele mehr.

## Was du ehrlich sagen kannst
- Die Anmeldung ist kostenlos, es gibt keine Grundgebühr.
- Neue Anbieter bekommen [WELCOME_BONUS] Goints Startguthaben.
- Bezahlt wird nur für Anfragen, die man selbst freischaltet: [UNLOCK_PRICE] Goints ([UNLOCK_EURO]) im Standardpreis.
- Höchstens [MAX_UNLOCKS] Anbieter können eine Anfrage freischalten, man konkurriert also nicht mit Dutzenden.

## Was du nicht versprechen darfst
Versprich keine Aufträge, keine Umsätze und keine Verdienste. Ob und wie viele Anfragen in einer Region kommen, weiß niemand im Voraus.

## So sprichst du an
- Persönlich oder bei Menschen, die dir erlaubt haben, sie anzuschreiben.
- Keine unaufgeforderten Werbe-E-Mails, Faxe oder Anrufe an Betriebe, die du nicht kennst: Das ist in Deutschland ohne Einwilligung verboten (§ 7 UWG).
- Nutze die Vorlage „Für Handwerker und Dienstleister“ im Marketing-Bereich als Ausgangspunkt.', "bodyEn" = 'Providers matter a lot for akut: the more good providers there are in an area, the faster seekers get offers.

## Whom you can approach
Trades, service providers and freelancers you know or are a customer of: painters, electricians, removal helpers, cleaning services, tutors and many more.

## What you can honestly say
- Signing up is free, there is no basic fee.
- New providers get [WELCOME_BONUS] Goints of starting credit.
- They pay only for requests they choose to unlock: [UNLOCK_PRICE] Goints ([UNLOCK_EURO]) at the standard price.
- At most [MAX_UNLOCKS] providers can unlock a request, so nobody competes with dozens of others.

## What you must not promise
Do not promise jobs, turnover or earnings. Nobody knows in advance whether and how many requests will come in an area.

## How to approach people
- In person, or people who have allowed you to write to them.
- No unsolicited advertising e-mails, faxes or calls to businesses you do not know: in Germany that is forbidden without consent (§ 7 UWG).
- Use the template "For tradespeople and service providers" in the marketing area as a starting point.', "durationMin" = 3 WHERE "id" = 'av-adv-1';

UPDATE "AcademyVideo" SET "bodyDe" = 'Soziale Netzwerke eignen sich gut, um akut bekannt zu machen, wenn deine Beiträge informieren statt drängen.

## Gute Beiträge
- Erzähl, was akut für wen löst: Suchende beschreiben kostenlos ihren Auftrag, Anbieter aus der Region melden sich mit Angeboten.
- Teile eigene Erfahrungen, nur echte.
- Ein Link pro Beitrag reicht; dein Link ordnet neue Personen dir zu.
- Die Vorlagen „Kurzer Beitrag“, „Für Anbieter“ und „Persönliche Empfehlung“ im Marketing-Bereich sind fertig formuliert.

## Werbung kennzeichnen
Weil du an Empfehlungen verdienen kannst, ist dein Beitrag Werbung. Kennzeichne ihn deutlich, zum Beispiel mit „Werbung“ oder „Anzeige“ am Anfang.

## Kein Spam
- Poste nicht in fremde Gruppen, Kommentarspalten oder Foren, wo Werbung nicht erlaubt ist.
- Keine Massen-Nachrichten, keine gekauften Kontaktlisten, keine Bots.
- Keine Fake-Profile und keine erfundenen Bewertungen.

## Datenschutz
Gib keine Daten anderer Personen weiter, auch nicht an akut: Wer sich über deinen Link anmeldet, macht das selbst. Veröffentliche keine Namen, Fotos oder Kontaktdaten von Kundinnen und Kunden ohne deren Einwilligung.', "bodyEn" = 'Social networks are a good way to make akut known, as long as your posts inform rather than push.

## Good posts
- Tell people what akut solves for whom: seekers describe their job for free, providers nearby reply with offers.
- Share your own experiences, real ones only.
- One link per post is enough; your link assigns new people to you.
- The templates "Short post", "For providers" and "Personal recommendation" in the marketing area are ready to use.

## Label advertising
Because you can earn from referrals, your post is advertising. Label it clearly, for example with "Ad" or "Advertisement" at the start.

## No spam
- Do not post in other people''s groups, comment sections or forums where advertising is not allowed.
- No mass messages, no bought contact lists, no bots.
- No fake profiles and no invented reviews.

## Data protection
Do not pass on other people''s data, not even to akut: whoever signs up through your link does so themselves. Do not publish names, photos or contact details of customers without their consent.', "durationMin" = 3 WHERE "id" = 'av-adv-2';

UPDATE "AcademyVideo" SET "bodyDe" = 'Im Dashboard findest du unter „Teilen“ alles, um deinen Link weiterzugeben.

## Die Werkzeuge
- **Link kopieren**: kopiert deinen persönlichen Link in die Zwischenablage, etwa für Messenger.
- **Teilen**: öffnet auf dem Handy das Teilen-Menü deines Geräts.
- **QR-Code**: Lade ihn herunter und drucke ihn auf Flyer, Visitenkarten oder einen Aushang. Wer ihn scannt, kommt über deinen Link.
- **Freund einladen**: akut schickt eine Einladung mit deinem Link per E-Mail, bis zu [INVITES_PER_DAY] am Tag. Die Adresse wird nicht gespeichert.
- **Dein Code**: Wer den Link nicht nutzt, kann den Code bei der Registrierung eintippen.

## Offline teilen
QR-Codes wirken dort, wo Menschen gerade etwas brauchen: am Schwarzen Brett im Supermarkt (mit Erlaubnis), im Vereinsheft, auf der Visitenkarte. Hänge nichts ohne Erlaubnis auf.

## Einladungen mit Einwilligung
Lade nur Menschen ein, die dich kennen und mit einer Einladung rechnen. Eine Einladung an Unbekannte ist unerwünschte Werbung.

## Was gezählt wird
akut zählt Klicks auf deinen Link ohne IP-Adresse und ohne Besucher-Kennung, dazu Registrierungen und erste Umsätze. Die Zahlen siehst du im Dashboard unter „Netzwerk“.', "bodyEn" = 'In the dashboard, under "Share", you find everything to pass your link on.

## The tools
- **Copy link**: copies your personal link to the clipboard, for example for messengers.
- **Share**: opens your device''s share menu on a phone.
- **QR code**: download it and print it on flyers, business cards or a notice. Whoever scans it comes through your link.
- **Invite a friend**: akut sends an invitation with your link by e-mail, up to [INVITES_PER_DAY] a day. The address is not stored.
- **Your code**: whoever does not use the link can type the code at sign-up.

## Sharing offline
QR codes work where people need something right now: on the notice board of the supermarket (with permission), in the club newsletter, on your business card. Do not put anything up without permission.

## Invitations with consent
Only invite people who know you and expect an invitation. An invitation to strangers is unwanted advertising.

## What is counted
akut counts clicks on your link without the IP address and without a visitor id, plus sign-ups and first revenue. You see the figures in the dashboard under "Network".', "durationMin" = 3 WHERE "id" = 'av-tools-1';

UPDATE "AcademyVideo" SET "bodyDe" = 'Im Marketing-Bereich des Dashboards findest du fertige Texte in Deutsch und Englisch, die du anpassen und kopieren kannst.

## Welche Vorlagen es gibt
- **E-Mail-Vorlagen**: „Einladung an Freunde“ (für Suchende) und „Für Handwerker und Dienstleister“ (für Anbieter), jeweils mit Betreff.
- **Social Media**: „Kurzer Beitrag“, „Für Anbieter“ und „Persönliche Empfehlung“.
Die Admins pflegen die Vorlagen; neue erscheinen automatisch.

## So passt du eine Vorlage an
1. Wähle oben die Sprache (Deutsch oder Englisch).
2. Öffne eine Vorlage in der Vollansicht.
3. Dein Link und dein Name sind schon eingesetzt (an den Stellen [AFFILIATE_LINK] und [NAME]). Dein Name kommt aus deinem Partnerprofil.
4. Ändere den Text nach deinem Stil und kopiere ihn.

## Worauf du beim Anpassen achtest
- Bleib bei den Tatsachen: kostenlos für Suchende, kostenlose Anmeldung für Anbieter, Bezahlung nur fürs Freischalten.
- Keine Einkommens- oder Gewinnversprechen, keine erfundenen Zahlen. Vorlagen mit solchen Versprechen nehmen die Admins gar nicht erst auf.
- Schreib so, wie du sonst auch schreibst; persönliche Texte wirken besser als Werbesprache.', "bodyEn" = 'In the marketing area of the dashboard you find ready-made texts in German and English that you can adapt and copy.

## Which templates exist
- **E-mail templates**: "Invitation to friends" (for seekers) and "For tradespeople and service providers" (for providers), each with a subject.
- **Social media**: "Short post", "For providers" and "Personal recommendation".
The admins maintain the templates; new ones appear automatically.

## How to adapt a template
1. Choose the language at the top (German or English).
2. Open a template in full view.
3. Your link and your name are already filled in (where [AFFILIATE_LINK] and [NAME] stand). Your name comes from your partner profile.
4. Change the text to your style and copy it.

## What to watch when adapting
- Stick to the facts: free for seekers, free sign-up for providers, payment only for unlocking.
- No promises of income or profit, no invented figures. The admins do not accept templates with such promises in the first place.
- Write the way you usually write; personal texts work better than advertising language.', "durationMin" = 3 WHERE "id" = 'av-tools-2';

