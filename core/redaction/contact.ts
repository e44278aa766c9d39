// Contact data inside a request text: e-mail addresses, phone numbers, links, social and messenger handles
// and street addresses. The request keeps them (the provider gets them after unlocking); every view before
// that hides them with redactContact (server/domain/requests/request-views.ts builds the teaser from it).
// Written to catch what people type to get around a filter ('0 171 2345678', 'null eins sieben …',
// full-width digits, 'anna at gmx dot de', 'Insta anna_nails', 'Goethestr 9') and to leave prices,
// sizes, years, model numbers, dates and times alone. Measured by `npm run eval:contact`.
import type { Lang, Span } from '../text.ts';

export type ContactKind = 'email' | 'phone' | 'url' | 'handle' | 'address';

export interface ContactMatch extends Span {
  kind: ContactKind;
  value: string;
}

/**
 * Full-width forms ('０１７１', '＠', '．'), odd spaces and dashes to plain ASCII, one UTF-16 unit for one,
 * so offsets in the result are offsets in the input.
 */
export function foldContactText(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0);
    else if (ch === '\u3000' || ch === '\u00a0' || ch === '\u202f' || ch === '\u2009' || ch === '\u2007') out += ' ';
    else if (ch === '\u2010' || ch === '\u2011' || ch === '\u2012' || ch === '\u2013' || ch === '\u2014' || ch === '\u2212') out += '-';
    // Bullets between digit groups ('0171•234•56•78') are dots; the parts of a keycap emoji ('1️⃣') are spaces
    // after their digit.
    else if (ch === '\u2022' || ch === '\u00b7' || ch === '\u2219' || ch === '\u2027') out += '.';
    else if (ch === '\ufe0f' || ch === '\u20e3') out += ' ';
    // Mathematical digits ('𝟎𝟏𝟕𝟏', two UTF-16 units each): the digit and a space.
    else if (ch.length === 2 && c === 0xd835 && ch.codePointAt(0)! >= 0x1d7ce && ch.codePointAt(0)! <= 0x1d7ff)
      out += `${(ch.codePointAt(0)! - 0x1d7ce) % 10} `;
    else out += ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// E-mail addresses and links

const TLDS =
  'de|com|net|org|eu|info|io|biz|at|ch|co\\.uk|uk|fr|it|es|nl|be|pl|dk|se|no|app|dev|shop|online|store|site|website|me|tv|xyz|email|berlin|hamburg|koeln|cologne|nrw|bayern|ruhr|saarland|club|gmbh|page|blog|link|live|studio|design|media|team|art|photo|photography|beauty|fit|digital|cloud|ly|gg|to|co|us|ca|au|ee|gl|cc|ai|fm|pro|jobs|immo|wien|tirol|swiss|lu|li|cz|hu|pt|gr|ie|nz|ru|tr|sk|si|hr|ro|fi|lt|lv|ua|one|services|agency|company|events|travel|restaurant|family|garden|expert|works|plus|tech|network|social|life|world|reisen|versicherung|immobilien|haus|kaufen|ltd|bio|care|health|fitness|coach|rocks|space|today|gallery|tattoo|hair|house|land|lgbt|love|party|pizza|cafe|golf|yoga|energy|solar|auto|car|cars|taxi|hotel|wine|shoes|style|fashion|jewelry|legal|law|tax|finance|money|bank|insure|dental|clinic|doctor|vet|pet|dog|kitchen|build|construction|plumbing|repair|cleaning|photos|video|film|audio|radio|games|school|academy|education|training|consulting|marketing|software|systems|solutions|support|help|chat|click|top|vip|win|bayern|ruhr|hamburg';
const TLD_ANY = '[a-z]{2,12}';
const LOCAL = '[\\p{L}\\p{N}._%+\\-]+';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])?';
const BEFORE_LOCAL = '(?<![\\p{L}\\p{N}._%+\\-@])';
const AFTER_WORD = '(?![\\p{L}\\p{N}])';

// 'max@web.de', also with spaces around '@' and '.' ('max @ gmx . net').
const EMAIL = new RegExp(`${BEFORE_LOCAL}${LOCAL}\\s{0,2}@\\s{0,2}${LABEL}(?:\\s{0,2}\\.\\s{0,2}${LABEL})*\\s{0,2}\\.\\s{0,2}${TLD_ANY}${AFTER_WORD}`, 'giu');
// The local part spaced out too ('anna . berger @ web . de'): a dot with spaces on both sides and a space
// before the '@', so that a sentence's full stop ('Anna. max@web.de') never joins the address.
const EMAIL_SPACED = new RegExp(
  `${BEFORE_LOCAL}${LOCAL}(?:\\s{1,2}\\.\\s{1,2}${LOCAL})+\\s{1,2}@\\s{0,2}${LABEL}(?:\\s{0,2}\\.\\s{0,2}${LABEL})*\\s{0,2}\\.\\s{0,2}${TLD_ANY}${AFTER_WORD}`,
  'giu',
);

// Every character spaced out ('j o h n . s m i t h @ g m a i l . c o m'): single characters with one space
// between them, an '@' among them; what they spell without the spaces must be an address.
const EMAIL_LETTERS = /(?<![\p{L}\p{N}._%+\-@])[\p{L}\p{N}._%+\-](?: [\p{L}\p{N}._%+\-]){1,63} @ [\p{L}\p{N}\-](?: [\p{L}\p{N}.\-]){2,63}(?![\p{L}\p{N}])/gu;
const EMAIL_PLAIN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})*\\.${TLD_ANY}$`, 'iu');

// Written around spam filters: 'max(at)web(dot)de', 'lisa[at]x[dot]de', 'hans ät posteo punkt de',
// 'x at gmail dot xyz', 'INFO AT firma DOT DE'. A spelled 'dot'/'punkt' or a bracketed/umlaut 'at'
// makes any top-level domain count; a plain ' at ' followed by a real '.' needs a known one, so that
// 'meet me at john.doe' stays text.
// Also 'at' or 'a' between other marks ('-at-', '*at*', '_at_', '(a)'), the 'Klammeraffe', and a real '@' (then
// a spelled dot follows: 'max@web punkt de').
const AT_STRONG =
  '(?:\\s?[([{<]\\s?(?:at|ät|@|a)\\s?[)\\]}>]\\s?|\\s?[-_*#~]\\s?(?:at|ät)\\s?[-_*#~]\\s?|\\s+(?:ät|klammeraffe|at-zeichen)\\s+|\\s{0,2}@\\s{0,2})';
const AT_WEAK = '\\s+at\\s+';
const DOT_SPELLED = '(?:\\s?[([{<]\\s?(?:dot|punkt|\\.)\\s?[)\\]}>]\\s?|\\s?[-_*#~]\\s?(?:dot|punkt)\\s?[-_*#~]\\s?|\\s+(?:dot|punkt)\\s+)';
const DOT_ANY = `(?:\\.|${DOT_SPELLED})`;
// (Bounded repetitions keep a long run of 'punkt punkt …' linear.)
const SPELLED_LOCAL = `${LOCAL}(?:${DOT_SPELLED}${LABEL}){0,4}`;
const EMAIL_STRONG = new RegExp(`${BEFORE_LOCAL}${SPELLED_LOCAL}${AT_STRONG}${LABEL}(?:${DOT_ANY}${LABEL})*${DOT_ANY}${TLD_ANY}${AFTER_WORD}`, 'giu');
// Neither is followed by another ' at ': then what looked like a domain is the local part of the real
// address ('email me at dave dot miller at yahoo dot co dot uk').
const EMAIL_WEAK_SPELLED = new RegExp(
  `${BEFORE_LOCAL}${SPELLED_LOCAL}${AT_WEAK}${LABEL}(?:${DOT_ANY}${LABEL})*${DOT_SPELLED}${TLD_ANY}${AFTER_WORD}(?!${AT_WEAK})`,
  'giu',
);
const EMAIL_WEAK_DOTTED = new RegExp(`${BEFORE_LOCAL}${SPELLED_LOCAL}${AT_WEAK}${LABEL}(?:\\.${LABEL})*\\.(?:${TLDS})${AFTER_WORD}(?!${AT_WEAK})`, 'giu');
// 'anna at gmail', 'max (at) gmx': a mail provider's name is enough.
const MAIL_PROVIDERS = 'gmail|googlemail|gmx|yahoo|hotmail|outlook|icloud|posteo|protonmail|proton|t-online|freenet|aol|mailbox|arcor';
const EMAIL_PROVIDER = new RegExp(`${BEFORE_LOCAL}${SPELLED_LOCAL}(?:${AT_STRONG}|${AT_WEAK})(?:${MAIL_PROVIDERS})${AFTER_WORD}`, 'giu');
// (What includes() does not find: 'at' between brackets or marks, with spaces inside.)
const STRONG_AT_HINT = /[([{<*_#~-]\s?at\s?[)\]}>*_#~-]/i;
const SPELLED_DOT_HINT = /\s(?:dot|punkt)\s|[([{<*_#~-]\s?(?:dot|punkt|\.)\s?[)\]}>*_#~-]/i;
const PROVIDER_HINT = new RegExp(`${MAIL_PROVIDERS}|web`, 'i');
// German 'bei' for 'at', only before a mail provider with its domain ('max.mueller bei gmx punkt de'), and only
// after a lower-case word or one with '.', '_' or a digit ('Konto bei gmx.de' is no address).
const EMAIL_BEI = new RegExp(`${BEFORE_LOCAL}(?<local>${SPELLED_LOCAL})\\s+bei\\s+(?:${MAIL_PROVIDERS}|web)${DOT_ANY}(?:${TLDS})${AFTER_WORD}`, 'giu');
// A typo in the domain ('max@gmail,com', 'info@maler..de', 'max@gmx de'): an '@' between words, then a known
// top-level domain after a comma, two dots or a space.
const EMAIL_TYPO = new RegExp(`${BEFORE_LOCAL}${LOCAL}\\s?@\\s?${LABEL}(?:\\.${LABEL})*(?:,|\\.\\.|\\s)\\s?(?:${TLDS})${AFTER_WORD}`, 'giu');

const URL_SCHEME = /(?:https?:\/\/|www\.)[^\s<>"']+/giu;
// 'meinefirma.de', 'fb.com/anna', 't.me/anna', 'wa.me/49171…'; also 'meinefirma punkt de'.
const URL_BARE = new RegExp(`(?<![\\p{L}\\p{N}@.\\-])(?:${LABEL}\\.)+(?:${TLDS})(?:\\/[^\\s<>"']*)?${AFTER_WORD}`, 'giu');
// 'www dot maler-meier dot de', 'shop punkt maler punkt de'.
const URL_SPELLED = new RegExp(`(?<![\\p{L}\\p{N}@.\\-])(?:${LABEL}${DOT_SPELLED}){1,4}(?:${TLDS})${AFTER_WORD}`, 'giu');
// A dot with a space on each side before a common top-level domain, all in lower case ('malermeier . de').
const URL_SPACED = /(?<![\p{L}\p{N}@.-])[a-z0-9][a-z0-9-]{2,}(?:\.[a-z0-9-]+)* \. (?:de|com|net|org|eu|at|ch|info|io|shop)(?![\p{L}\p{N}])/gu;

// ---------------------------------------------------------------------------------------------------
// Social and messenger handles

// '@anna_nails' anywhere (not inside an e-mail address).
const AT_HANDLE = /(?<![\p{L}\p{N}.@_])@[\p{L}\p{N}_][\p{L}\p{N}._]{1,29}(?![\p{L}\p{N}@_])/gu;
// (WhatsApp goes by phone number: it is a cue word of the phone rules; Signal too, and it has usernames
// like 'jonas.92'. 'sc' for Snapchat counts only with a ':' after it.)
const PLATFORMS =
  'signal|sc|tg|instagram|insta|ig|tiktok|tik\\s?tok|snapchat|snap|telegram|facebook|fb|twitter|discord|youtube|linkedin|pinterest|xing|skype|kik|twitch|reddit|threema|wechat|viber|bluesky|mastodon|ebay|kleinanzeigen|vinted|etsy|github|behance';
// A label before the handle: 'Telegram-Username:', 'Insta Nutzername:', 'Skype ID:'.
const HANDLE_LABELS =
  'user-?name|benutzer-?name|nutzer-?name|nick-?name|user-?id|user|handle|name|account|profil|profile|kanal|channel|id|nick|seite|page|gruppe|group|messenger|shop|store';
// A Discord tag: 'gadgetguy#4821'.
const TAG = '(?:#\\d{4}(?![\\p{L}\\p{N}]))?';
// Platform, then ':' or a linking word ('ist', 'is', 'as', 'unter', 'handle', 'name'), then the handle.
const HANDLE_AFTER_PLATFORM = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<platform>${PLATFORMS})(?:[\\s,-]*(?:${HANDLE_LABELS})(?![\\p{L}]))?` +
    `(?<sep>\\s*:\\s*|\\s*(?:->|-->|=>|→|»)\\s*|\\s+(?:ist|is|as|als|unter|at|=)\\s+|\\s*[-–]\\s*|\\s*\\(\\s*|\\s*,\\s*|\\s+)` +
    `(?<handle>@?(?:live:)?[\\p{L}\\p{N}][\\p{L}\\p{N}._-]{1,40}${TAG}(?:\\s+\\p{Lu}[\\p{L}-]+){0,2})`,
  'giu',
);
// (A cheap test: a platform's name at the start of a word; the patterns check the rest.)
const PLATFORM_WORD = new RegExp(`(?:^|[^a-z0-9äöüß])(?:${PLATFORMS})`, 'i');
// A Threema ID: 8 capitals and digits, within a few words after 'Threema' ('Threema, ID 7HX2K9PA',
// 'Threema-ID: ABCD1234'); with a digit in it, or any 8 after 'ID'.
const THREEMA_ID = /(?<![\p{L}])(?:Threema|threema|THREEMA)(?![\p{L}])[^.!?\n]{0,24}?(?<![\p{L}\p{N}*])(?<id>[0-9A-Z*][0-9A-Z]{7})(?![\p{L}\p{N}])/gu;
// A label without a platform ('Nutzername: moebel_max'), or a request to add or message ('kik me
// gadgetguy_uk', 'add me sarah.xo22', 'add me on snap: …'): a word that looks like a handle.
const HANDLE_AFTER_LABEL = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:user-?name|benutzer-?name|nutzer-?name|nick-?name|user)\\s*:|(?:kik|snap|add|adde|follow|dm|message|skype|ping|find)\\s+(?:me|mich)(?:\\s+(?:on|at|via|auf|bei)(?:\\s+(?:${PLATFORMS}))?)?\\s*:?)` +
    `\\s*(?<handle>@?(?:live:)?[\\p{L}\\p{N}][\\p{L}\\p{N}._-]{1,40}${TAG})`,
  'giu',
);
const DISCORD_TAG = /(?<![\p{L}\p{N}._#])[\p{L}\p{N}_.]*\p{L}[\p{L}\p{N}_.]*#\d{4}(?![\p{L}\p{N}])/gu;
// 'carlover88 on Instagram', 'anna_nails auf Insta': a handle-like word before its platform.
const HANDLE_BEFORE_PLATFORM = new RegExp(
  `(?<![\\p{L}\\p{N}._@-])(?<handle>@?[\\p{L}\\p{N}][\\p{L}\\p{N}._-]{1,40})\\s+(?:on|auf|bei|via|über|at|in|im)\\s+(?:${PLATFORMS})(?![\\p{L}])`,
  'giu',
);
// A few words after the platform, then 'als'/'unter'/'called'/…, then a word that looks like a handle ('auf
// Insta zu finden als anna_nails', 'on TikTok, called dance.with.mia').
const HANDLE_NEAR_PLATFORM = new RegExp(
  `(?<![\\p{L}])(?:${PLATFORMS})(?![\\p{L}])[^.!?\\n@]{0,30}?(?<![\\p{L}])(?:als|unter|namens|heißt|heisst|called|named|under|handle|name)\\s*:?\\s+` +
    `(?<handle>[\\p{L}\\p{N}][\\p{L}\\p{N}._-]{1,40})`,
  'giu',
);
// Words that follow a platform name in ordinary sentences ('Instagram Fotos', 'my insta is private').
const NOT_HANDLES = new Set(
  'ja nein yes no und oder für fuer mit bei ist im in auf an zu von vom the and or for with on to of is my me a an post posts beitrag beiträge fotos foto bilder bild videos video story stories reel reels account accounts profil profile seite page gruppe group werbung marketing kanal channel live shop ads follower followers likes nachricht nachrichten message messages dm pn chat privat private public öffentlich gesperrt new neu same gleich handle name anfrage melden schreiben schreib schreibt write send nachricht kontakt contact oder auch also too nicht not mehr more bitte please pls nur only gerne gern kein keine none sehr very viel viele much many wenig bald später later soon danke thanks erst first dann then noch still schon already lieber rather ganz immer always nie never'.split(
    ' ',
  ),
);
// Words with a '.' or a digit that are no handles: abbreviations ('z.B.', 'u.a.', 'e.V.') and a number with a
// short unit ('3x', '10k', '2mal', '1.5k').
const NOT_HANDLE_SHAPE = /^(?:(?:\p{L}{1,3}\.)+\p{L}{0,3}|\d+(?:[.,]\d+)*\p{L}{0,4})$/u;

// ---------------------------------------------------------------------------------------------------
// Street addresses

const UNIT_AFTER =
  /^\s*(?:€|eur\b|euro|\$|km\b|m\b|m²|m2\b|qm\b|cm\b|mm\b|kg\b|t\b|l\b|kw\b|kwh|kwp|ps\b|min\b|minuten|minutes|std\b|stunden|hours?\b|h\b|tage?n?\b|days?\b|wochen|weeks?\b|monate?n?\b|months?\b|jahre?n?\b|years?\b|mal\b|x\b|%|personen|leute|people|gäste|guests|stück|stk\b|zimmer|rooms?\b|plätze|autos?|cars?\b|uhr\b)/iu;

const STREET_HINT =
  /stra(?:ß|ss)e|str|weg|platz|ring|allee|gasse|damm|ufer|chaussee|steig|stieg|pfad|promenade|kai|zeile|graben|wall|kamp|twiete|deich|redder|markt|reihe|street|st\.|\bst\b|road|rd\b|avenue|ave\b|lane|drive|way|close|square|terrace|crescent|place|court|ct\b|boulevard|blvd|parkway|pkwy|gardens|grove|mews|loop|row|walk|circle|trail|highway|hwy|\bpl\b|\bsq\b|wharf|quay|parade|rise|\brue\b|\bvia\b|viale|piazza|corso|chemin|route|\bbox\b|postfach/i;
// 'Nr.'/'Hausnummer' between the street and its number ('Hauptstraße Nr. 5', 'Schillerstraße, Hausnummer 12').
const HOUSE_NO_LABEL = '(?:\\s?|,?\\s*(?:Nr\\.?|Hausnummer|Hausnr\\.?|Haus-Nr\\.?)\\s*)';
// One word ending in a street word: 'Goethestr 9', 'Hauptstr.5', 'Karl-Marx-Str. 112', 'Weidenweg12',
// 'Heinrich-Heine-Allee 7', 'Rosenallee 8-10'.
const STREET_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?<name>\\p{L}[\\p{L}-]*?(?<suffix>straße|strasse|str\\.?|weg|platz|ring|allee|gasse|damm|ufer|chaussee|steig|stieg|pfad|promenade|kai|zeile|graben|wall|kamp|twiete|deich|redder|markt))` +
    `${HOUSE_NO_LABEL}(?<no>\\d{1,4}(?:\\s?[a-z](?![\\p{L}]))?(?:\\s?[-/]\\s?\\d{1,4}[a-z]?){0,3})(?![\\p{L}\\p{N}]|[.,]\\d)`,
  'giu',
);
// A weak street word inside an ordinary compound noun: 'Parkplatz 2', 'Rückweg 20 Minuten', 'Ehering 54'.
const NOT_STREETS =
  /(?:park|stell|arbeits|spiel|sitz|schlaf|studien|kita|kindergarten|ausbildungs|praktikums|liege|camping|abstell|steh|lager|bau|sport|fußball|fussball|tennis|golf|rück|hin|heim|um|schul|fuß|fuss|geh|rad|fahr|wander|zu|ab|aus|ehe|schlüssel|dichtungs|kolben|ohr|finger|o-|sprengel|staud|bahn|wasser|fluss|see|meeres|kreis|boxen|box|ver|rasen|stand|zelt|wohnmobil|stamm|start|lade|wasch|sammel|tanz)(?:platz|weg|ring|damm|ufer|pfad|steig|kai)$|(?:super|wochen|floh|bau|arbeits|aktien|immobilien|gebraucht|online|weihnachts|bio|getränke|drogerie|elektro|möbel|fach|baustoff|heim|auto|trödel|kunst|bauern|fisch|blumen|wohnungs|absatz|finanz|kapital|stellen|job|kfz|handy|reifen|teppich|kleider|lebensmittel|gemüse|obst|binnen|welt|kapital|aktien|gebrauchtwagen|pferde|vieh|antik|bücher|spielzeug|kinder|kinderflohmarkt)markt$|(?:wasser|straßen|strassen|burg|schloss|festungs|kabel|leitungs|fundament|entwässerungs|abfluss|drainage|rohr|schützen|panzer|mess|sicker|grenz)graben$|(?:schutz|erd|lärm|lärmschutz|fire|schall|stein|ring|hoch|damm)wall$|(?:haupt|see|fluss|elb|rhein|schutz)deich$/iu;
const WEAK_SUFFIX = /^(?:weg|platz|ring|damm|ufer|pfad|steig|stieg|kai|zeile|graben|wall|kamp|deich|markt|reihe)$/iu;

// (The house number may carry Austrian stair and door numbers: 'Favoritenstraße 88/4/12'.)
// A street word on its own after a capitalised name: 'Venloer Str 12', 'Kölner Straße 5a', 'Berliner
// Allee 22', 'Baker Street 12'.
const STREET_SEPARATE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<name>\\p{Lu}[\\p{L}.-]*(?:\\s+\\p{Lu}[\\p{L}.-]*){0,2})\\s+(?<suffix>Straße|Strasse|Str\\.?|Allee|Weg|Platz|Ring|Gasse|Damm|Ufer|Chaussee|Street|Road|Avenue|Markt|Wall|Graben|Reihe|Kamp|Deich)` +
    `${HOUSE_NO_LABEL}(?<no>\\d{1,4}(?:\\s?[a-z](?![\\p{L}]))?(?:\\s?[-/]\\s?\\d{1,4}[a-z]?){0,3})(?![\\p{L}\\p{N}]|[.,]\\d)`,
  'gu',
);
const ARTICLES =
  /^(?:(?:der|die|das|dem|den|des|ein|eine|einer|einen|unser|unsere|mein|meine|dein|jeder|jede|dieser|diese|aber|oder|und|the|a|an|my|our|this|that)(?:\s+|$))+/iu;

const STREET_PREPOSITIONS =
  '(?:Am|Im|Beim|Zum|Zur|Vorm|Hinterm|An\\s+der|An\\s+den|An\\s+dem|Auf\\s+der|Auf\\s+dem|Auf\\s+den|In\\s+der|In\\s+den|Unter\\s+den|Unter\\s+der|Unter\\s+dem|Hinter\\s+der|Hinter\\s+dem|Hinter\\s+den|Vor\\s+dem|Vor\\s+der|Vor\\s+den|Über\\s+der|Über\\s+dem|Über\\s+den|Neben\\s+der|Neben\\s+dem|Neben\\s+den|Bei\\s+der|Bei\\s+den|Zu\\s+den|Zwischen\\s+den)';
// 'Am Markt 3', 'Im Tal 15', 'An der Alster 12', 'Unter den Linden 5', 'Zum Brunnen 2': a capitalised
// preposition and name, a house number, then the end of the phrase (not 'Am Haus 3 Fenster').
const HOUSE_NO = `(?<no>\\d{1,3}(?:\\s?[a-z](?![\\p{L}]))?(?:\\s?[-/]\\s?\\d{1,3}[a-z]?)?)`;
const PHRASE_END = `(?=\\s*$|\\s*[,;!?)]|\\.(?!\\d)|\\s+(?:in|im|bei|nahe|nähe|near|nach|und|oder|zu|zum|zur|erreichbar|wohne|wohnen|ist|sind|gegenüber|hinten|vorne|\\d{5})(?![\\p{L}]))`;
const STREET_PREPOSITION = new RegExp(
  `(?<![\\p{L}\\p{N}])${STREET_PREPOSITIONS}` + `\\s+(?<name>\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+)?)\\s+${HOUSE_NO}${PHRASE_END}`,
  'gu',
);
// A capitalised preposition after a lower-case word in the middle of a sentence ('bitte zu An der Alster
// 41 schicken', 'nach Am Markt 3 liefern'): German writes prepositions there in lower case, so the capital
// marks a street name, and a lower-case word may follow the number (not a unit: 'ab Im Bad 2 m²').
const STREET_PREPOSITION_MID = new RegExp(
  `(?<=\\p{Ll}[,:]?\\s+)${STREET_PREPOSITIONS}` + `\\s+(?<name>\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+)?)\\s+${HOUSE_NO}(?=\\s+\\p{Ll}\\p{L}*(?![\\p{L}]))`,
  'gu',
);
// The same in the middle of a sentence, with a lower-case preposition: then only a capitalised adjective
// and a name ('wohne am Alten Markt 3', 'im Großen Garten 12'), not 'am Montag 3'.
const STREET_PREPOSITION_LOWER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:am|im|beim|zum|zur|an\\s+der|an\\s+den|an\\s+dem|auf\\s+der|auf\\s+dem|auf\\s+den|in\\s+der|in\\s+den|unter\\s+den|hinter\\s+der|hinter\\s+dem|vor\\s+dem|vor\\s+der)` +
    `\\s+(?<name>\\p{Lu}\\p{Ll}+(?:en|er|es|e)\\s+\\p{Lu}[\\p{L}-]+)\\s+${HOUSE_NO}${PHRASE_END}`,
  'gu',
);
// A street word first, then 'der/des/…' and a name: 'Straße der Einheit 12', 'Platz der Republik 1',
// 'Allee der Kosmonauten 5', 'Straße des Friedens 3', also a date as the name ('Straße des 17. Juni 135').
const STREET_WORD_END = /(?:straße|strasse|str\.?|weg|platz|ring|allee|gasse|damm|ufer|chaussee|steig|stieg|pfad|promenade|kai|zeile)$/iu;
const STREET_OF = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?:Straße|Strasse|Platz|Allee|Weg|Ring|Gasse|Damm|Ufer|Chaussee|Promenade|Brücke|Markt)\\s+(?:der|des|dem|den|vom|am|zum|zur)` +
    `\\s+(?<name>(?:\\p{Lu}\\p{Ll}+(?:en|er|es|e)\\s+|\\d{1,2}\\.\\s?)?\\p{Lu}[\\p{L}-]+)\\s+${HOUSE_NO}${PHRASE_END}`,
  'gu',
);
// Words after 'Am'/'Im'/'Zum' that are times, rooms or figures of speech, not street names ('Im Schlafzimmer 2,',
// 'Zum Beispiel 3,', 'Am Montag 8.').
const NOT_PLACE_NAMES =
  /^(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Sonnabend|Wochenende|Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Winter|Sommer|Frühling|Frühjahr|Herbst|Jahr|Monat|Woche|Tag|Ende|Anfang|Morgen|Abend|Vormittag|Nachmittag|Mittag|Moment|Augenblick|Beispiel|Zeit|Schnitt|Durchschnitt|Voraus|Prinzip|Grunde|Ganzen|Allgemeinen|Notfall|Preis|Paket|Angebot|Auftrag|Umkreis|Stock|Stockwerk|Erdgeschoss|Obergeschoss|Dachgeschoss|Untergeschoss|Keller|Dachboden|Etage|Ebene|Wohnung|Appartement|Apartment|Haus|Gebäude|Bad|Badezimmer|Flur|Küche|Büro|Garten|Garage|Hof|Treppenhaus|Eingang|Raum|Räume|Auto|Wagen|Fahrzeug|\p{L}*[Zz]immer)$/u;

// 'at 221B Baker Street', '7 Church St.', '3 Station Rd'.
// A flat, apartment, unit or suite belongs to it, before ('Flat 3, 27 Victoria Road') or after ('123 Main
// Street, Apt 4B', '350 Fifth Avenue, Suite 3300').
const FLAT = `(?:[Ff]lat|[Aa]partment|[Aa]pt\\.?|[Uu]nit|[Ss]uite|Ste\\.?)\\s?(?:No\\.?\\s?|#\\s?)?\\d{1,4}[A-Za-z]?(?![\\p{L}\\p{N}])`;
// The name may hold an ordinal or a direction ('350 5th Ave', '100 W 34th St'), the number a range ('12-14 King Street').
const STREET_EN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${FLAT},?\\s+|(?:[Ff]lat|[Aa]partment|[Aa]pt\\.?|[Uu]nit|[Ss]uite)\\s?(?=\\d{1,4}\\s?\\/))?\\d{1,4}[A-Za-z]?(?:\\s?[-–/]\\s?\\d{1,4}[A-Za-z]?)?,?\\s+(?:(?:\\p{Lu}[\\p{L}'-]*|[NSEW]\\.|\\d{1,3}(?:st|nd|rd|th))\\s+){1,3}` +
    `(?:Street|St\\.|St(?![\\p{L}.])|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Drive|Dr\\.|Way|Close|Square|Sq\\.?|Terrace|Crescent|Place|Pl\\.?|Court|Ct\\.?|Boulevard|Blvd\\.?|Parkway|Pkwy\\.?|Gardens|Grove|Mews|Loop|Row|Walk|Circle|Trail|Highway|Hwy\\.?|Wharf|Quay|Parade|Rise)(?![\\p{L}])` +
    `(?:,?\\s+(?:${FLAT}|#\\s?\\d{1,4}[A-Za-z]?(?![\\p{L}\\p{N}])))?`,
  'gu',
);

// The same in lower case ('i live at 12 baker street, london', 'apt 5, 17 station road'): one or two words
// that are no small words or units, a full street word, then the end of the phrase.
const STREET_EN_LOWER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:flat|apartment|apt\\.?|unit|suite)\\s?#?\\d{1,4}[a-z]?,?\\s+)?\\d{1,4}[a-z]?\\s+(?<words>(?:[a-z][a-z'-]+\\s+){1,2})` +
    `(?:street|road|avenue|lane|boulevard|rd|ave)(?![\\p{L}])` +
    `(?=\\s*$|\\s*[,;!?)]|\\.(?!\\d)|\\s+(?:in|near|please|pls|asap|and|or|on|at|from|to|for|by|thanks|thank)(?![\\p{L}]))`,
  'gu',
);
const NOT_STREET_NAME_WORDS = new Set(
  'the a an of to my our your his her their and or more old new in on at for from by down up off this that same main hours hour minutes minute mins days day weeks miles mile km blocks block doors door times people bikes cars sqm sq ft feet foot metres meters yards lane way bike cycle dirt gravel country side back private public busy quiet long short wide narrow'.split(
    ' ',
  ),
);

// Swiss French and Italian streets, and their neighbours' ('Rue de Lausanne 12', 'Via Roma 3', 'Avenue de la Gare 5').
const STREET_ROMANCE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:Rue|Route|Chemin|Avenue|Boulevard|Place|Via|Viale|Piazza|Piazzale|Corso|Vicolo|Calle|Carrer|Avenida|Plaza|Rua)` +
    `\\s+(?:(?:de\\s+la|de\\s+l'|della|dello|delle|degli|del|dei|des|du|de|di|da|d')\\s*)?(?<name>\\p{Lu}[\\p{L}'-]+(?:\\s+\\p{Lu}[\\p{L}'-]+)?)\\s+${HOUSE_NO}${PHRASE_END}`,
  'gu',
);
// French order, the number first: '27 rue de la Paix', '5, avenue des Alpes'.
const STREET_FRENCH = new RegExp(
  `(?<![\\p{L}\\p{N}])\\d{1,4}(?:\\s?(?:bis|ter|[a-z]))?,?\\s+(?:[Rr]ue|[Aa]venue|[Aa]v\\.|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|[Rr]oute)` +
    `\\s+(?:(?:de\\s+la|de\\s+l'|des|du|de|d')\\s*)?\\p{Lu}[\\p{L}'-]+(?:[\\s-]+\\p{Lu}[\\p{L}'-]+){0,2}`,
  'gu',
);
// After a word that announces an address, a street without a street word: 'Adresse: Sonnenhang 8', 'Anschrift
// ist Lange Reihe 23', 'wir wohnen im Sonnenhang 8', 'address: 1 Infinite Loop' is found above.
const ADDRESS_CUED = new RegExp(
  `(?<![\\p{L}])(?:[Aa]dresse|ADRESSE|[Aa]nschrift|[Ll]ieferadresse|[Ww]ohnadresse|[Rr]echnungsadresse|[Pp]ostanschrift|[Aa]ddress|[Ww]ohne|[Ww]ohnen|[Ww]ohnt)` +
    `(?:\\s*:|\\s+(?:ist|lautet|is|in\\s+der|im|am|an\\s+der|auf\\s+der|auf\\s+dem|beim|zur|zum))?\\s+` +
    `(?<name>\\p{Lu}[\\p{L}.-]+(?:\\s+\\p{Lu}[\\p{L}.-]+){0,2})\\s+${HOUSE_NO}${PHRASE_END}`,
  'gu',
);
// A post-office box: 'Postfach 10 20 30', 'PO Box 1234', 'P.O. Box 55'.
const PO_BOX = /(?<![\p{L}\p{N}])(?:P\.?\s?O\.?\s?Box|Postfach)\s*(?:Nr\.?\s*)?\d(?:\s?\d){1,9}(?![\p{L}\p{N}])/giu;

// ---------------------------------------------------------------------------------------------------
// Phone numbers

const DIGIT_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    null: '0',
    eins: '1',
    zwei: '2',
    zwo: '2',
    drei: '3',
    vier: '4',
    fünf: '5',
    fuenf: '5',
    sechs: '6',
    sieben: '7',
    acht: '8',
    neun: '9',
    zero: '0',
    oh: '0',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
  } satisfies Record<string, string>),
);
const TEENS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    zehn: '10',
    elf: '11',
    zwölf: '12',
    zwoelf: '12',
    ten: '10',
    eleven: '11',
    twelve: '12',
    thirteen: '13',
    fourteen: '14',
    fifteen: '15',
    sixteen: '16',
    seventeen: '17',
    eighteen: '18',
    nineteen: '19',
  } satisfies Record<string, string>),
);
const TENS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    zwanzig: '2',
    dreißig: '3',
    dreissig: '3',
    vierzig: '4',
    fünfzig: '5',
    fuenfzig: '5',
    sechzig: '6',
    siebzig: '7',
    achtzig: '8',
    neunzig: '9',
    twenty: '2',
    thirty: '3',
    forty: '4',
    fifty: '5',
    sixty: '6',
    seventy: '7',
    eighty: '8',
    ninety: '9',
  } satisfies Record<string, string>),
);
const GERMAN_ONES: ReadonlyMap<string, string> = new Map(
  Object.entries({ ein: '1', zwei: '2', drei: '3', vier: '4', fünf: '5', fuenf: '5', sechs: '6', sieben: '7', acht: '8', neun: '9' } satisfies Record<
    string,
    string
  >),
);

/** The digits a spelled-out number stands for ('sieben' 7, 'zwölf' 12, 'vierunddreißig' 34, 'twenty-three' 23), or null. */
export function numberWordDigits(word: string): string | null {
  // Called for every word of every teaser: plain lookups first, and the patterns only for words that end or
  // join as a compound number does.
  if (word.length < 2 || word.length > 24) return null;
  const w = word.toLowerCase();
  const single = DIGIT_WORDS.get(w) ?? TEENS.get(w);
  if (single) return single;
  const tens = TENS.get(w);
  if (tens) return `${tens}0`;
  // 'nine hundred' is 9 and 00; 'zweihundert' 200.
  if (w === 'hundred' || w === 'hundert') return '00';
  if (w === 'thousand' || w === 'tausend') return '000';
  if (w.endsWith('zehn')) {
    const ones = w.slice(0, -4);
    const d = GERMAN_ONES.get(ones === 'sech' ? 'sechs' : ones === 'sieb' ? 'sieben' : ones);
    return d && ones !== 'ein' && ones !== 'zwei' && ones !== 'sechs' && ones !== 'sieben' ? `1${d}` : null;
  }
  if (w.endsWith('hundert') || w.endsWith('tausend')) {
    const ones = w.slice(0, -7);
    const d = ones === 'ein' ? '1' : GERMAN_ONES.get(ones);
    return d ? d + (w.endsWith('hundert') ? '00' : '000') : null;
  }
  const und = w.indexOf('und');
  if (und > 0) {
    const deOnes = GERMAN_ONES.get(w.slice(0, und));
    const deTens = TENS.get(w.slice(und + 3));
    return deOnes && deTens ? `${deTens}${deOnes}` : null;
  }
  const dash = w.indexOf('-');
  if (dash > 0) {
    const enTens = TENS.get(w.slice(0, dash));
    const second = w.slice(dash + 1);
    const enOnes = DIGIT_WORDS.get(second);
    if (enTens && enOnes && second !== 'oh' && second !== 'zero' && second !== 'null') return `${enTens}${enOnes}`;
  }
  return null;
}

// A digit run (with a '+' before it), or a word that may be a spelled-out number, 'double two' and
// 'doppel zwei' included. Only words with the first letter of a number word are units (a teaser's other words
// would cost a match each); another word between two units still parts them, as the gap between them holds it.
const UNIT =
  /(?<plus>\+\s?)?(?<digits>\d+)|(?<![\p{L}])(?:(?<times>double|triple|doppel|doppelt|doppelte)[\s-]+)?(?=[adefhnostvz])(?<word>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-\p{L}+|\p{L}+)(?![\p{L}])/giu;

// Words right before a number that make even a short digit run a phone number ('Tel. 2345678').
const PHONE_CUE = new RegExp(
  `(?<![\\p{L}])(?:tel|tel\\.|telefon|telefonnummer|telefonisch|phone|handy|handynummer|mobil|mobile|mobilnummer|cell|festnetz|landline|whats\\s?app|signal|telegram|sms|fax|nummer|number|erreichbar|anrufen|ruf|rufen|ruft|anruf|call|text|ring|kontakt|contact|melden|reach)(?![\\p{L}])[\\s\\p{L}:.,()/-]{0,24}$`,
  'iu',
);

// A label right before a digit group that makes it a reference, not a phone number: 'Filter 00754866',
// 'Rechnung Nr. 2021-08-4471', 'ISBN 978-…', 'Bestellnr. 0123…', 'Kundennummer 0123…', 'order no. 0987…'.
// The label is the last word or two before the number ('Rechnung Nr.', 'Teile-Nr.'); a phone word among
// them ('Tel.-Nr.', 'Handy Nr.', 'Telefonnummer') keeps it a phone number.
const LABEL_BEFORE = /(?<![\p{L}])(\p{L}+)(?:[\s.-]{1,3}(\p{L}+))?[\s.]*[:#]?\s*$/u;
const REFERENCE_WORD =
  /^(?:artikel\p{L}*|art-?nr|teile?|teilenr|ersatzteil\p{L}*|filter\p{L}*|isbn|issn|ean|gtin|upc|sku|rechnung\p{L}*|bestell\p{L}*|auftrag\p{L}*|order\p{L}*|part|parts|invoice|ref|referenz\p{L}*|reference|serien\p{L}*|serial|modell\p{L}*|model|ticket|aktenzeichen|az|vorgang\p{L}*|sendung\p{L}*|tracking|kunden\p{L}*|customer|vertrag\p{L}*|vertrags\p{L}*|police\p{L}*|polizze\p{L}*|policy|versicherungs\p{L}*|zähler\p{L}*|fall|case|\p{L}+(?:nr|nummer)|id|ident\p{L}*|imei|code|\p{L}+code|gutschein\p{L}*|voucher|coupon|pin|puk|steuer\p{L}*|ust|booking|buchung\p{L}*|reservation|reservierung\p{L}*|confirmation|bestätigung\p{L}*|claim|schaden\p{L}*|konto\p{L}*|account|member\p{L}*|mitglied\p{L}*|flight|flug\p{L}*|fin|vin|hsn|tsn|sn|lot|charge|batch|pzn|asin|matrikel\p{L}*|ausweis\p{L}*|registration|tracking\p{L}*)$/iu;
const PHONE_WORD =
  /^(?:(?:privat|büro|buero|geschäfts|geschaefts|notfall|notruf|service|hotline|direkt|durchwahl|mobilfunk|sms|signal|telegram|anruf|whatsapp)\p{L}*|tel|telefon\p{L}*|handy\p{L}*|mobil\p{L}*|fax\p{L}*|festnetz\p{L}*|phone|cell|whats\s?app|ruf\p{L}*|rückruf\p{L}*|kontakt\p{L}*|contact)$/iu;

function isReference(before: string): boolean {
  const m = LABEL_BEFORE.exec(before);
  if (!m) return false;
  const words = [m[1]!, m[2]].filter((w): w is string => Boolean(w));
  if (words.some((w) => PHONE_WORD.test(w) || /^(?:tel|telefon|handy|mobil|fax)/iu.test(w))) return false;
  // A bare 'Nr.'/'No.' only after a reference word ('Rechnung Nr.'; 'meine Nr. 0171 …' is a phone number).
  return (
    REFERENCE_WORD.test(words.at(-1)!) || (words.length === 2 && /^(?:nr|no|nos|number|nummer|id|code)$/iu.test(words[1]!) && REFERENCE_WORD.test(words[0]!))
  );
}

interface Unit {
  start: number;
  end: number;
  digits: string;
  plus: boolean;
  word: boolean;
}

// Dates, amounts with thousands separators and similar runs that are no phone numbers.
const DATE_LIKE = /(?<!\d)(\d{1,2})[./](\d{1,2})[./](?:\d{4}|\d{2})?(?!\d)/g;
// An amount ends after its groups of three: '212.555.0187' (a US number in dots) is none.
// Nor does an amount follow a digit group and a dot ('0151.234.56.789': '56.789' is no amount).
const AMOUNT_LIKE = /(?<!\d|\d[.,'’])[1-9]\d{0,2}(?:[.,'’]\d{3})+(?:,\d{1,2})?(?!\d|[.,'’]\d)/g;
// Nor is an IP address ('192.168.178.1').
const IP_LIKE = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d]|\.\d)/g;
// An IBAN is no contact data, and no phone number either.
const IBAN_LIKE = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?:\s?[\dA-Z]{4}){3,7}(?:\s?[\dA-Z]{1,3})?(?![\p{L}\p{N}])/gu;

/** All matches of a global pattern. (String.prototype.matchAll copies the pattern on every call, which
 * costs more than the search for these long Unicode patterns.) */
function* matches(text: string, re: RegExp): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === '') re.lastIndex++;
    yield m;
  }
}

function blockedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of matches(text, DATE_LIKE)) {
    const day = Number(m[1]);
    const month = Number(m[2]);
    if (day >= 1 && day <= 31 && month >= 1 && month <= 12) out.push([m.index, m.index + m[0].length]);
  }
  for (const re of [AMOUNT_LIKE, IP_LIKE, IBAN_LIKE]) for (const m of matches(text, re)) out.push([m.index, m.index + m[0].length]);
  return out;
}

const GAP_DIGITS = /^(?:\s{0,2}[()./_-]{0,2}\s{0,2}|\s{0,2}\(\s?|\s?\)\s{0,2})$/u;
const GAP_WORDS = /^[\s,;.-]{1,3}$/u;

function phoneUnits(text: string): Unit[][] {
  const blocked = blockedRanges(text);
  const isBlocked = (s: number, e: number) => blocked.some(([a, b]) => s < b && e > a);
  const runs: Unit[][] = [];
  let run: Unit[] = [];
  for (const m of matches(text, UNIT)) {
    const g = m.groups!;
    const start = m.index;
    const end = start + m[0].length;
    let unit: Unit | null = null;
    if (g.digits !== undefined) {
      const digitStart = start + (g.plus?.length ?? 0);
      // Digits glued to letters are model numbers or units ('i9-14900K', '3x4', 'WT45W4A1').
      const glued = /[\p{L}]/u.test(text[digitStart - 1] ?? '') || /[\p{L}²³]/u.test(text[end] ?? '');
      if (!glued && !isBlocked(digitStart, end)) unit = { start, end, digits: g.digits, plus: Boolean(g.plus), word: false };
    } else if (g.word) {
      const d = numberWordDigits(g.word);
      if (d) unit = { start, end, digits: g.times ? d.repeat(/^tr/i.test(g.times) ? 3 : 2) : d, plus: false, word: true };
    }
    const prev = run.at(-1);
    if (unit && prev) {
      const gap = text.slice(prev.end, unit.start);
      const joined = unit.word || prev.word ? GAP_WORDS.test(gap) || GAP_DIGITS.test(gap) : GAP_DIGITS.test(gap) && !unit.plus;
      if (!joined) {
        runs.push(run);
        run = [];
      }
    } else if (!unit && run.length) {
      runs.push(run);
      run = [];
    }
    if (unit) run.push(unit);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Whether a run of number units is a phone number. */
/** What the words before a stretch's first unit say; the same for every stretch that starts there. */
interface PhoneContext {
  cued: boolean;
  reference: boolean;
  currencyBefore: boolean;
}

function phoneContext(text: string, first: Unit): PhoneContext {
  const before = text.slice(Math.max(0, first.start - 40), first.start);
  return { cued: PHONE_CUE.test(before), reference: isReference(before), currencyBefore: /[€$£]\s*$/.test(before) };
}

function isPhone(text: string, units: Unit[], context: PhoneContext = phoneContext(text, units[0]!)): boolean {
  let n = 0;
  for (const u of units) n += u.digits.length;
  if (n < 6 || n > 15) return false;
  const digits = units.map((u) => u.digits).join('');
  const first = units[0]!;
  const last = units.at(-1)!;
  const words = units.filter((u) => u.word).length;
  if (first.plus && n >= 8) return true;
  if (context.reference) return false;
  // Amounts, sizes and times: a currency or unit right after, a currency right before.
  const after = text.slice(last.end, last.end + 16);
  if (UNIT_AFTER.test(after) || context.currencyBefore) return false;
  if (words >= 5 && n >= 7) return true;
  if (context.cued) return true;
  if (digits.startsWith('00') && n >= 10) return true;
  if (digits.startsWith('0') && n >= 7 && n <= 13) return true;
  if (/^(?:49|43|41|44)/.test(digits) && n >= 11 && n <= 14) return true;
  // A range of two amounts or years ('10000-15000', '2015 - 2018').
  if (units.length === 2 && /[-/]|bis/.test(text.slice(first.end, last.start))) return false;
  // Any other run of 9 or more digits: a number written without its prefix ('171 2345678').
  return n >= 9;
}

// 'O171 234 56 78', 'O3O 1234567': a letter O written for a zero, in a group of three or more digits and
// O's only ('O2', 'O-Ring' and 'Zoo' stay words). One character for one, so offsets hold.
const O_FOR_ZERO = /(?<![\p{L}\p{N}])[Oo\d]*\d[Oo\d]*(?![\p{L}\p{N}])/gu;
function zeroForO(text: string): string {
  if (!/[Oo]\d|\d[Oo]/.test(text)) return text;
  return text.replace(O_FOR_ZERO, (t) => (/[Oo]/.test(t) && t.length >= 3 ? t.replace(/[Oo]/g, '0') : t));
}

// A number told in parts with words between ('fängt mit 0170 an, dann 445 66 78', 'starts with 07700,
// then 900 123'): see the end of findPhones.
const SPLIT_GAP = /^[\s,;:.-]*(?:\p{L}+[\s,;:.-]+){1,4}$/u;
const SPLIT_WORD = /(?<![\p{L}])(?:dann|danach|darauf|anschließend|anschliessend|weiter|und|rest|then|and|followed|rest)(?![\p{L}])/iu;

function findPhones(input: string): [number, number][] {
  const text = zeroForO(input);
  const out: [number, number][] = [];
  const runs = phoneUnits(text);
  const withPhone = new Set<number>();
  const reference = (u: Unit) => !u.plus && !u.word && isReference(text.slice(Math.max(0, u.start - 40), u.start));
  for (const [r, run] of runs.entries()) {
    // A reference number ('ISBN 978-0-14-303943-3') is none in any part.
    if (reference(run[0]!)) continue;
    let i = 0;
    while (i < run.length) {
      // A phone number has at most 15 digits: longer stretches are never tried.
      let last = i;
      for (let n = run[i]!.digits.length; last + 1 < run.length && n + run[last + 1]!.digits.length <= 15; last++) n += run[last + 1]!.digits.length;
      let found = -1;
      let context: PhoneContext | undefined;
      for (let j = last; j >= i; j--) {
        let n = 0;
        for (let k = i; k <= j; k++) n += run[k]!.digits.length;
        if (n < 6) break;
        context ??= phoneContext(text, run[i]!);
        if (isPhone(text, run.slice(i, j + 1), context)) {
          found = j;
          break;
        }
      }
      if (found < 0) {
        i++;
        continue;
      }
      let start = run[i]!.start;
      let end = run[found]!.end;
      // '(0171) 234 56 78', '+49 (0) 171': keep the brackets with the number.
      if (text[start - 1] === '(') start--;
      if (text[end] === ')' && text.slice(start, end).includes('(')) end++;
      out.push([start, end]);
      withPhone.add(r);
      i = found + 1;
    }
  }
  // A number told in pieces after a cue word: runs of digits joined by a few words that include one like
  // 'dann'/'then' ('0152 und dann 88 77 66 55', '917 555 and then 0176'); 9 to 15 digits together, 3 or
  // more in each piece, no unit after any piece and no reference label before the first.
  const digitsOf = (run: Unit[]) => run.map((u) => u.digits).join('');
  for (let r = 0; r + 1 < runs.length; r++) {
    const first = runs[r]!;
    if (first.some((u) => u.word) || reference(first[0]!)) continue;
    if (!PHONE_CUE.test(text.slice(Math.max(0, first[0]!.start - 40), first[0]!.start))) continue;
    let last = r;
    let total = digitsOf(first).length;
    while (last + 1 < runs.length) {
      const next = runs[last + 1]!;
      const gap = text.slice(runs[last]!.at(-1)!.end, next[0]!.start);
      if (next.some((u) => u.word) || !SPLIT_GAP.test(gap) || !SPLIT_WORD.test(gap) || total + digitsOf(next).length > 15) break;
      total += digitsOf(next).length;
      last++;
    }
    const pieces = runs.slice(r, last + 1);
    if (pieces.length < 2 || total < 9 || pieces.some((p) => digitsOf(p).length < 3)) continue;
    if (pieces.some((p) => UNIT_AFTER.test(text.slice(p.at(-1)!.end, p.at(-1)!.end + 16)))) continue;
    for (const p of pieces) out.push([p[0]!.start, p.at(-1)!.end]);
    r = last;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------

/** All contact data in a text, in order, without overlaps (overlapping finds are joined). */
export function findContacts(input: string): ContactMatch[] {
  const text = foldContactText(input);
  const found: { kind: ContactKind; start: number; end: number }[] = [];
  const add = (kind: ContactKind, start: number, end: number) => {
    // Trailing punctuation belongs to the sentence ('… web.de.'), except the dot of 'St.'.
    while (end > start && /[\s.,;:!?)]/.test(text[end - 1]!) && !(kind === 'address' && /St\.$/.test(text.slice(start, end)))) {
      if (text[end - 1] === ')' && text.slice(start, end - 1).includes('(')) break;
      end--;
    }
    // The rest of a keycap emoji or of a mathematical digit ('8️⃣', '𝟖') belongs to the digit before it.
    while (end > start && end < input.length && /[\ufe0f\u20e3\udc00-\udfff]/.test(input[end]!)) end++;
    if (end > start) found.push({ kind, start, end });
  };
  // The long patterns run only where a cheap test finds what they need (a teaser is built per card).
  const has = (re: RegExp) => re.test(text);
  // Cheap tests for what each pattern needs: a strong 'at' (not the English word alone), a provider's name,
  // a spelled or real dot after ' at '.
  const lower = text.toLowerCase();
  const hasAny = (...parts: string[]) => parts.some((p) => lower.includes(p));
  const strongAt =
    hasAny('@', 'klammeraffe', 'at-zeichen', '(a)', '[a]', '<a>', '{a}') ||
    (lower.includes('ät') && has(/(?:^|[^a-zäöüß])ät(?:$|[^a-zäöüß])/)) ||
    (lower.includes('at') && has(STRONG_AT_HINT));
  const provider = (strongAt || lower.includes(' at') || lower.includes(' bei ')) && has(PROVIDER_HINT);
  const weakAt = has(/\sat\s/i);
  const spelledDot = hasAny('dot', 'punkt', '.)', '.]', '.>', '.}') && has(SPELLED_DOT_HINT);
  const emails = [
    has(/@/) && EMAIL,
    has(/\s\.\s[^@]*\s@/) && EMAIL_SPACED,
    strongAt && EMAIL_STRONG,
    weakAt && spelledDot && EMAIL_WEAK_SPELLED,
    weakAt && has(/\sat\s+[^\s.]+\./i) && EMAIL_WEAK_DOTTED,
    provider && (strongAt || weakAt) && EMAIL_PROVIDER,
    has(/@/) && EMAIL_TYPO,
  ];
  for (const re of emails) if (re) for (const m of matches(text, re)) add('email', m.index, m.index + m[0].length);
  if (provider && has(/\sbei\s/i))
    for (const m of matches(text, EMAIL_BEI)) if (/^\p{Ll}|[._\d]/u.test(m.groups!.local!)) add('email', m.index, m.index + m[0].length);
  if (has(/\S @ \S/)) for (const m of matches(text, EMAIL_LETTERS)) if (EMAIL_PLAIN.test(m[0].replace(/ /g, ''))) add('email', m.index, m.index + m[0].length);
  const urls = [has(/https?:|www\./i) && URL_SCHEME, spelledDot && URL_SPELLED, has(/ \. [a-z]/) && URL_SPACED];
  for (const re of urls) if (re) for (const m of matches(text, re)) add('url', m.index, m.index + m[0].length);
  // A top-level domain in capitals after a lower-case name is a sentence without a space after its full stop
  // ('Hallo.Es geht um …', 'Danke.Am Montag'); 'WWW.MALER.DE' and 'Maler-Meier.de' are domains.
  if (has(/[^\s.]\.[a-z]/i))
    for (const m of matches(text, URL_BARE)) {
      const host = m[0].split('/')[0]!;
      const tld = host.slice(host.lastIndexOf('.') + 1);
      if (/\p{Lu}/u.test(tld) && /\p{Ll}/u.test(host)) continue;
      add('url', m.index, m.index + m[0].length);
    }
  for (const [s, e] of findPhones(text)) add('phone', s, e);
  if (has(/@/)) for (const m of matches(text, AT_HANDLE)) add('handle', m.index, m.index + m[0].length);
  const platform = has(PLATFORM_WORD);
  if (platform)
    for (const m of matches(text, HANDLE_AFTER_PLATFORM)) {
      const { platform, sep, handle } = m.groups as { platform: string; sep: string; handle: string };
      let h = handle;
      const first = h.split(/\s+/)[0]!;
      const bare = first.replace(/^@/, '').replace(/[._-]+$/, '');
      if (!bare || NOT_HANDLES.has(bare.toLowerCase())) continue;
      if (!/\p{L}/u.test(bare) || NOT_HANDLE_SHAPE.test(bare)) continue;
      // After ':' any word ('Snapchat: fitnessfan88', 'Facebook: Thomas Brenner'); after a space or a word
      // like 'ist'/'as' only what looks like a handle ('Instagram anna_nails', 'insta as lashes.by.emma'),
      // so that 'Instagram als Werbekanal' stays text.
      // (A hyphen without a space before it makes a compound: 'Telegram-Bot', 'Signal-Stärke'.)
      const colon = /[:=>→»]/.test(sep) || /\s[-–]/.test(sep);
      if (/^(?:sc|tg)$/i.test(platform) && !sep.includes(':')) continue;
      // After ':' a capitalised word that a sentence goes on from is prose ('Instagram: Betreuung für 3 Monate',
      // 'Facebook: Werbeanzeigen schalten'), not a name.
      const afterFirst = text.slice(m.index + m[0].length - handle.length + first.length);
      if (colon && /^\p{Lu}\p{L}*$/u.test(first) && /^\s+\p{Ll}/u.test(afterFirst) && !/^\s+(?:oder|or|und|and|bitte|please|pls)(?![\p{L}])/iu.test(afterFirst))
        continue;
      // Signal and 'sc' are also words ('Signal: schlecht'): only a handle-like word counts after them.
      if (/^(?:signal|sc)$/i.test(platform) && !first.startsWith('@') && !/[_.\d]/.test(bare)) continue;
      if (!first.startsWith('@') && !colon && !/[_.\d]/.test(bare)) continue;
      // A name after 'Facebook:' may be two words; otherwise the handle is one word.
      // (The pattern is case-insensitive, so its '\p{Lu}' takes any letter: only capitalised words count here.)
      if (!(sep.includes(':') && /^\p{Lu}/u.test(first))) h = first;
      else h = /^\S+(?:\s+\p{Lu}[\p{L}-]*)*/u.exec(h)![0];
      const start = m.index + m[0].length - handle.length;
      add('handle', start, start + h.replace(/[._-]+$/, '').length);
    }
  if (has(/threema/i))
    for (const m of matches(text, THREEMA_ID)) {
      const id = m.groups!.id!;
      const labelled = /(?<![\p{L}])ID[\s:]*$/iu.test(m[0].slice(0, -id.length));
      if (!/[A-Z]/.test(id) || (!labelled && !/\d/.test(id))) continue;
      add('handle', m.index + m[0].length - id.length, m.index + m[0].length);
    }
  if (has(/(?:^|[^a-z])(?:user|benutzer|nutzer|nick|kik|snap|add|follow|dm|message|skype|ping|find)/i))
    for (const m of matches(text, HANDLE_AFTER_LABEL)) {
      const handle = m.groups!.handle!.replace(/[._-]+$/, '');
      const bare = handle.replace(/^@/, '');
      if (NOT_HANDLES.has(bare.toLowerCase()) || !/\p{L}/u.test(bare) || !/[_.\d@#]/.test(handle) || NOT_HANDLE_SHAPE.test(bare)) continue;
      const start = m.index + m[0].length - m.groups!.handle!.length;
      add('handle', start, start + handle.length);
    }
  // A Discord name has 2 or more characters ('Raum A#1234' is none).
  if (has(/#\d/)) for (const m of matches(text, DISCORD_TAG)) if (m[0].indexOf('#') >= 2) add('handle', m.index, m.index + m[0].length);
  if (platform && has(/als|unter|namens|hei(?:ß|ss)t|called|named|under|handle|name/i))
    for (const m of matches(text, HANDLE_NEAR_PLATFORM)) {
      const handle = m.groups!.handle!.replace(/[._-]+$/, '');
      if (NOT_HANDLES.has(handle.toLowerCase()) || !/\p{L}/u.test(handle) || !/[_.\d]/.test(handle) || NOT_HANDLE_SHAPE.test(handle)) continue;
      const start = m.index + m[0].length - m.groups!.handle!.length;
      add('handle', start, start + handle.length);
    }
  if (platform)
    for (const m of matches(text, HANDLE_BEFORE_PLATFORM)) {
      const handle = m.groups!.handle!.replace(/[._-]+$/, '');
      if (/\p{L}/u.test(handle) && /[_.\d@]/.test(handle) && !/^\d/.test(handle) && !NOT_HANDLE_SHAPE.test(handle))
        add('handle', m.index, m.index + handle.length);
    }
  // Every street pattern needs a house number.
  const digit = has(/\d/);
  const streetWord = digit && has(STREET_HINT);
  if (streetWord)
    for (const m of matches(text, STREET_WORD)) {
      const { name, suffix } = m.groups as { name: string; suffix: string };
      const weak = WEAK_SUFFIX.test(suffix);
      if (name.length - suffix.length < 2) continue;
      if (NOT_STREETS.test(name)) continue;
      if (weak && UNIT_AFTER.test(text.slice(m.index + m[0].length))) continue;
      if (!weak && /^\s*(?:€|euro|km|m²|qm|%)/iu.test(text.slice(m.index + m[0].length))) continue;
      // A place adjective belongs to the street's name: 'Bonner Talweg 5', 'Alter Steinweg 3'.
      const adjective =
        /(?<![\p{L}\p{N}])(\p{Lu}\p{L}+er|(?:Alt|Neu|Lang|Kurz|Hoh|Groß|Gross|Klein|Ober|Unter|Mittler|Vorder|Hinter|Inner|Äußer|Breit|Schmal|Krumm|Still|Schön|Rot|Weiß|Grün|Blau|Schwarz|Heilig)(?:e|en|es))\s+$/u.exec(
          text.slice(Math.max(0, m.index - 30), m.index),
        );
      const start = adjective && !ARTICLES.test(adjective[1]!) ? m.index - adjective[0].length : m.index;
      add('address', start, m.index + m[0].length);
    }
  if (streetWord)
    for (const m of matches(text, STREET_SEPARATE)) {
      const { name, suffix } = m.groups as { name: string; suffix: string };
      // Drop leading articles: 'Der Weg 5' is none, 'Die Kölner Straße 5' is 'Kölner Straße 5'.
      const weak = WEAK_SUFFIX.test(suffix);
      // A weak street word takes only the adjective right before it: 'Laden Alter Markt 5' is 'Alter Markt 5'.
      const kept = weak ? (name.split(/\s+/).at(-1)!.replace(ARTICLES, '') ?? '') : name.replace(ARTICLES, '');
      if (!kept) continue;
      if (weak && (!/(?:er|es|e)$/u.test(kept) || UNIT_AFTER.test(text.slice(m.index + m[0].length)))) continue;
      add('address', m.index + name.length - kept.length, m.index + m[0].length);
    }
  for (const re of digit ? [STREET_PREPOSITION, STREET_PREPOSITION_MID] : [])
    for (const m of matches(text, re)) {
      if (re === STREET_PREPOSITION_MID && UNIT_AFTER.test(text.slice(m.index + m[0].length))) continue;
      const name = m.groups!.name!.split(/\s+/)[0]!;
      if (NOT_PLACE_NAMES.test(name)) continue;
      add('address', m.index, m.index + m[0].length);
    }
  for (const re of digit ? [STREET_PREPOSITION_LOWER, STREET_OF] : [])
    for (const m of matches(text, re)) {
      const words = m.groups!.name!.split(/\s+/);
      // A month after a day is a date that names the street ('des 17. Juni'), not a time.
      if (!/^\d/.test(words[0]!) && words.some((w) => NOT_PLACE_NAMES.test(w))) continue;
      // 'in der Kölner Straße 5a': the preposition is no part of a name the street rules above find.
      if (re === STREET_PREPOSITION_LOWER && STREET_WORD_END.test(words.at(-1)!)) continue;
      add('address', m.index, m.index + m[0].length);
    }
  if (streetWord) for (const m of matches(text, STREET_EN)) add('address', m.index, m.index + m[0].length);
  if (streetWord && has(/(?:street|road|avenue|lane|boulevard|rd|ave)(?![a-z])/))
    for (const m of matches(text, STREET_EN_LOWER))
      if (
        !m
          .groups!.words!.trim()
          .split(/\s+/)
          .some((w) => NOT_STREET_NAME_WORDS.has(w)) &&
        !UNIT_AFTER.test(m[0].replace(/^.*?\d+[a-z]?\s+/, ' '))
      )
        add('address', m.index, m.index + m[0].length);
  if (streetWord && has(/(?:Rue|Route|Chemin|Avenue|Boulevard|Place|Via|Viale|Piazza|Piazzale|Corso|Vicolo|Calle|Carrer|Avenida|Plaza|Rua)\s/))
    for (const m of matches(text, STREET_ROMANCE)) if (!NOT_PLACE_NAMES.test(m.groups!.name!.split(/\s+/)[0]!)) add('address', m.index, m.index + m[0].length);
  if (digit && hasAny('box', 'postfach')) for (const m of matches(text, PO_BOX)) add('address', m.index, m.index + m[0].length);
  if (digit && hasAny('rue', 'av', 'bd', 'place', 'chemin', 'allée', 'impasse', 'quai', 'route'))
    for (const m of matches(text, STREET_FRENCH)) add('address', m.index, m.index + m[0].length);
  if (digit && hasAny('adresse', 'anschrift', 'address', 'wohn'))
    for (const m of matches(text, ADDRESS_CUED)) {
      const name = m.groups!.name!;
      if (name.split(/\s+/).some((w) => NOT_PLACE_NAMES.test(w))) continue;
      add('address', m.index + m[0].lastIndexOf(name), m.index + m[0].length);
    }

  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { kind: ContactKind; start: number; end: number }[] = [];
  for (const f of found) {
    const last = merged.at(-1);
    if (last && f.start < last.end) {
      if (f.end > last.end) {
        if (f.end - f.start > last.end - last.start) last.kind = f.kind;
        last.end = f.end;
      }
    } else merged.push({ ...f });
  }
  return merged.map((m) => ({ ...m, value: input.slice(m.start, m.end) }));
}

export const CONTACT_PLACEHOLDER: Record<Lang, string> = { de: '[Kontakt verborgen]', en: '[contact hidden]' };
export const ADDRESS_PLACEHOLDER: Record<Lang, string> = { de: '[Adresse verborgen]', en: '[address hidden]' };

/**
 * The text with every piece of contact data replaced by '[Kontakt verborgen]' / '[contact hidden]' and
 * every street address by '[Adresse verborgen]' / '[address hidden]'. Applying it twice changes nothing.
 */
export function redactContact(text: string, lang: Lang = 'de'): string {
  let out = '';
  let at = 0;
  for (const m of findContacts(text)) {
    out += text.slice(at, m.start) + (m.kind === 'address' ? ADDRESS_PLACEHOLDER : CONTACT_PLACEHOLDER)[lang];
    at = m.end;
  }
  return out + text.slice(at);
}

export function hasContact(text: string): boolean {
  return findContacts(text).length > 0;
}
