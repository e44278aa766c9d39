// Bulk data for `npm run bench:marketplace`: providers with areas and categories, funded wallets, seekers,
// open requests and the matches those requests have, loaded with set-based SQL (multi-row INSERT … SELECT
// over unnest() arrays, and one INSERT … SELECT join per category for the matches) instead of the domain
// commands one by one. The rows are what the app itself would write, each match with its request's card
// (decision 077); see docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { CATEGORY_IDS, type CategoryId } from '../../core/categories/category-ids.ts';
import { coordinatesOf, placeOfPostcode } from '../../server/integrations/geo/postcodes.ts';
import { DEFAULT_SETTINGS } from '../../server/domain/settings/settings.ts';
import { MILLI_PER_GOINT } from '../../core/money/money.ts';
import { DEFAULT_UNLOCK_PRICE } from '../../server/domain/prices/price-list.ts';
import { matchCardOf } from '../../server/domain/matching/match-card.ts';
import { seededRandom, weightedPicker } from './stats.ts';

export const BENCH_PASSWORD = 'bench-password-2026';
export const providerEmail = (i: number) => `anbieter-${String(i).padStart(5, '0')}@bench.akut.test`;

export interface LoadOptions {
  providers: number;
  requests: number;
  seekers: number;
  seed: number;
  /** Goints in every provider's wallet (one balanced purchase transaction each). */
  grantGoints: number;
  /** A better-auth password hash (scrypt), the same for every bench account. */
  passwordHash: string;
  log: (line: string) => void;
}

export interface LoadResult {
  providers: number;
  providerCategories: number;
  seekers: number;
  requests: number;
  matches: number;
  matchesPerProvider: { mean: number; p50: number; p90: number; max: number; none: number };
  matchesPerRequest: { mean: number; none: number };
  providerIds: string[];
  loadMs: { providers: number; ledger: number; seekersAndRequests: number; matches: number; indexes: number; vacuumAnalyze: number };
  tableSizes: Record<string, string>;
}

// How often each category occurs among requests and among providers' categories (a services marketplace:
// trades and household services lead, news is rare).
export const CATEGORY_WEIGHTS: readonly (readonly [CategoryId, number])[] = [
  ['handwerk', 25],
  ['dienstleistungen', 20],
  ['auto', 12],
  ['elektronik', 8],
  ['immobilien', 8],
  ['beauty', 6],
  ['gastronomie', 5],
  ['versicherung', 5],
  ['urlaub_reisen', 5],
  ['essen', 4],
  ['news', 2],
];
// Service radius in km: most local trades choose 10 to 30 km, few serve 75 to 100 km.
export const RADIUS_WEIGHTS: readonly (readonly [number, number])[] = [
  [10, 15],
  [15, 10],
  [20, 20],
  [25, 10],
  [30, 15],
  [40, 8],
  [50, 12],
  [75, 5],
  [100, 5],
];
const CATEGORY_COUNT_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 40],
  [2, 40],
  [3, 20],
];
const URGENCY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['sehr_dringend', 10],
  ['dringend', 25],
  ['normal', 45],
  ['niedrig', 20],
];

const NEEDS: Record<CategoryId, string[]> = {
  handwerk: [
    'Unsere Heizung fällt immer wieder aus, bitte prüfen und reparieren',
    'Badezimmer neu fliesen, etwa 12 Quadratmeter',
    'Zwei Zimmer streichen, Decken und Wände',
    'Wasserhahn in der Küche tropft, Dichtung tauschen',
  ],
  dienstleistungen: [
    'Umzug einer Zweizimmerwohnung, dritter Stock ohne Aufzug',
    'Reinigung nach Renovierung, etwa 80 Quadratmeter',
    'Gartenpflege: Hecke schneiden und Rasen mähen',
    'Nachhilfe in Mathematik für die zehnte Klasse',
  ],
  auto: [
    'Inspektion und Ölwechsel für einen Golf 7',
    'Winterreifen montieren und einlagern',
    'Klimaanlage im Auto kühlt nicht mehr',
    'Delle in der Fahrertür ausbeulen',
  ],
  elektronik: [
    'Waschmaschine schleudert nicht mehr',
    'Display vom Smartphone gesprungen',
    'Fernseher an der Wand montieren und einrichten',
    'Laptop startet nicht mehr, Daten retten',
  ],
  immobilien: [
    'Suche Dreizimmerwohnung mit Balkon zur Miete',
    'Wertgutachten für ein Einfamilienhaus',
    'Käufer für eine Eigentumswohnung gesucht',
    'Hausverwaltung für ein Mehrfamilienhaus',
  ],
  beauty: ['Brautstyling mit Probetermin', 'Maniküre und Pediküre zu Hause', 'Haare färben und schneiden', 'Kosmetikbehandlung für zwei Personen'],
  gastronomie: [
    'Catering für eine Feier mit 50 Personen',
    'Koch für ein Abendessen zu Hause',
    'Servicekräfte für eine Hochzeit',
    'Buffet für ein Firmenjubiläum',
  ],
  versicherung: [
    'Vergleich für eine Kfz-Versicherung',
    'Berufsunfähigkeitsversicherung gesucht',
    'Hausratversicherung für eine neue Wohnung',
    'Beratung zur privaten Krankenversicherung',
  ],
  urlaub_reisen: [
    'Ferienhaus an der Ostsee für vier Personen',
    'Städtereise nach Rom im Frühjahr',
    'Busreise für einen Verein mit 30 Personen',
    'Wanderurlaub in den Alpen organisieren',
  ],
  essen: [
    'Torte für einen Geburtstag liefern',
    'Pizza für zwölf Leute zu einer Feier liefern',
    'Wöchentliche Lieferung von Bio-Gemüse',
    'Frühstück für ein Team von 15 Personen',
  ],
  news: [
    'Lokale Nachrichten zu Bauprojekten im Viertel',
    'Bericht über unser Vereinsfest',
    'Pressemitteilung für ein Geschäft schreiben',
    'Fotograf für einen Zeitungsbericht',
  ],
};
const FIRST_NAMES = [
  'Anna',
  'Lena',
  'Mia',
  'Sabine',
  'Jürgen',
  'Tom',
  'Lukas',
  'Paul',
  'Emma',
  'Hannah',
  'Felix',
  'Jonas',
  'Marie',
  'Sophie',
  'Uwe',
  'Petra',
  'Karin',
  'Stefan',
  'Andreas',
  'Julia',
];
const SURNAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
];
const TRADES: Record<CategoryId, string> = {
  handwerk: 'Haustechnik',
  dienstleistungen: 'Service',
  auto: 'Kfz-Werkstatt',
  elektronik: 'Elektronikservice',
  immobilien: 'Immobilien',
  beauty: 'Kosmetik',
  gastronomie: 'Catering',
  versicherung: 'Versicherungsbüro',
  urlaub_reisen: 'Reisebüro',
  essen: 'Lieferdienst',
  news: 'Redaktion',
};

interface Place {
  postcode: string;
  place: string;
  lat: number;
  lon: number;
}

/** Every postcode of the bundled GeoNames data with its coordinates and the place name shown for it. */
export function loadPlaces(): Place[] {
  const file = fileURLToPath(new URL('../../server/integrations/geo/de-postcodes.json', import.meta.url));
  const codes = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>).sort();
  const out: Place[] = [];
  for (const postcode of codes) {
    const c = coordinatesOf(postcode, null);
    const place = placeOfPostcode(postcode);
    if (c && place) out.push({ postcode, place, lat: c.lat, lon: c.lon });
  }
  return out;
}

/** Runs one multi-row INSERT … SELECT FROM unnest($1::type[], …) per chunk of rows. */
async function insertColumns(client: pg.Client, sql: string, columns: unknown[][], chunk = 5000): Promise<void> {
  const n = columns[0]?.length ?? 0;
  for (let start = 0; start < n; start += chunk) {
    await client.query(
      sql,
      columns.map((c) => c.slice(start, start + chunk)),
    );
  }
}

const uuid = () => crypto.randomUUID();

export async function loadMarketplace(client: pg.Client, opts: LoadOptions): Promise<LoadResult> {
  const random = seededRandom(opts.seed);
  const pickCategory = weightedPicker(CATEGORY_WEIGHTS, random);
  const pickRadius = weightedPicker(RADIUS_WEIGHTS, random);
  const pickCategoryCount = weightedPicker(CATEGORY_COUNT_WEIGHTS, random);
  const pickUrgency = weightedPicker(URGENCY_WEIGHTS, random);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const places = loadPlaces();
  const maxRadiusKm = DEFAULT_SETTINGS['marketplace.maxRadiusKm'];
  const now = Date.now();

  // A loading session only: commits need not wait for the disk, index builds get memory. The measured app
  // uses its own connections with the server's settings.
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET TIME ZONE 'UTC'`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query(`SET work_mem = '512MB'`);

  // ---- providers: user, credential account, profile, categories ----
  let t0 = performance.now();
  const p = {
    id: [] as string[],
    name: [] as string[],
    email: [] as string[],
    firm: [] as string[],
    phone: [] as string[],
    postcode: [] as string[],
    place: [] as string[],
    lat: [] as number[],
    lon: [] as number[],
    radius: [] as number[],
    accepts: [] as boolean[],
    minBudget: [] as (number | null)[],
  };
  const pc = { providerId: [] as string[], category: [] as string[], lat: [] as number[], lon: [] as number[], radius: [] as number[] };
  for (let i = 1; i <= opts.providers; i++) {
    const id = uuid();
    const at = pick(places);
    const radius = pickRadius();
    const count = pickCategoryCount();
    const cats = new Set<CategoryId>();
    while (cats.size < count) cats.add(pickCategory());
    const first = [...cats][0]!;
    p.id.push(id);
    p.name.push(`${pick(FIRST_NAMES)} ${pick(SURNAMES)}`);
    p.email.push(providerEmail(i));
    p.firm.push(`${pick(SURNAMES)} ${TRADES[first]} ${at.place.split(' ')[0]}`);
    p.phone.push(`+49 30 ${String(1000000 + i)}`);
    p.postcode.push(at.postcode);
    p.place.push(at.place);
    p.lat.push(at.lat);
    p.lon.push(at.lon);
    p.radius.push(radius);
    // A few providers pause matches or only want larger jobs (the provider settings matching honours).
    p.accepts.push(random() >= 0.03);
    p.minBudget.push(random() < 0.1 ? pick([50, 100, 200, 500]) : null);
    for (const c of cats) {
      pc.providerId.push(id);
      pc.category.push(c);
      pc.lat.push(at.lat);
      pc.lon.push(at.lon);
      pc.radius.push(radius);
    }
  }
  await insertColumns(
    client,
    `INSERT INTO "user" ("id", "name", "email", "emailVerified", "role", "locale", "createdAt", "updatedAt")
     SELECT id, name, email, true, 'provider'::"Role", 'de', now(), now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, name, email)`,
    [p.id, p.name, p.email],
  );
  await client.query(
    `INSERT INTO "account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, u.id, 'credential', u.id, $1, now(), now() FROM "user" u WHERE u.role = 'provider'`,
    [opts.passwordHash],
  );
  await insertColumns(
    client,
    `INSERT INTO "ProviderProfile" ("userId", "firmenname", "description", "phone", "email", "postcode", "place", "lat", "lon", "radiusKm", "acceptsMatches", "minBudget", "createdAt", "updatedAt")
     SELECT id, firm, 'Meisterbetrieb mit langjähriger Erfahrung, schnell und zuverlässig in der Region.', phone, email, postcode, place, lat, lon, radius, accepts, min_budget, now(), now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::int[], $10::bool[], $11::int[])
       AS t(id, firm, phone, email, postcode, place, lat, lon, radius, accepts, min_budget)`,
    [p.id, p.firm, p.phone, p.email, p.postcode, p.place, p.lat, p.lon, p.radius, p.accepts, p.minBudget],
  );
  await insertColumns(
    client,
    `INSERT INTO "ProviderCategory" ("providerId", "category", "lat", "lon", "radiusKm")
     SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::int[])`,
    [pc.providerId, pc.category, pc.lat, pc.lon, pc.radius],
  );
  const providersMs = performance.now() - t0;
  opts.log(`  ${opts.providers} providers, ${pc.providerId.length} provider categories (${(providersMs / 1000).toFixed(1)} s)`);

  // ---- wallets: one balanced purchase per provider (payment clearing → wallet), balances = sum of entries ----
  t0 = performance.now();
  const grant = BigInt(opts.grantGoints) * MILLI_PER_GOINT;
  await client.query(
    `INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance") VALUES (gen_random_uuid()::text, 'payment_clearing', 'platform', true, 0) ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance") SELECT gen_random_uuid()::text, 'wallet', "userId", false, 0 FROM "ProviderProfile"`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_grant AS SELECT "userId" AS owner, gen_random_uuid()::text AS tx, row_number() OVER (ORDER BY "userId") AS n FROM "ProviderProfile"`,
  );
  await client.query(
    `INSERT INTO "LedgerTransaction" ("id", "idempotencyKey", "kind", "memo", "createdAt")
     SELECT tx, 'bench:grant:' || owner, 'purchase', '{"source":"bench-marketplace"}'::jsonb, now() FROM bench_grant`,
  );
  await client.query(
    `INSERT INTO "LedgerEntry" ("id", "transactionId", "accountId", "amount", "balanceAfter", "createdAt")
     SELECT gen_random_uuid()::text, g.tx, w.id, $1::bigint, $1::bigint, now()
       FROM bench_grant g JOIN "LedgerAccount" w ON w.kind = 'wallet' AND w."ownerId" = g.owner
     UNION ALL
     SELECT gen_random_uuid()::text, g.tx, c.id, -$1::bigint, -$1::bigint * g.n, now()
       FROM bench_grant g JOIN "LedgerAccount" c ON c.kind = 'payment_clearing' AND c."ownerId" = 'platform'`,
    [grant.toString()],
  );
  await client.query(
    `UPDATE "LedgerAccount" a SET "balance" = s.sum FROM (SELECT "accountId", SUM("amount") AS sum FROM "LedgerEntry" GROUP BY "accountId") s WHERE a.id = s."accountId"`,
  );
  await client.query(`DROP TABLE bench_grant`);
  const ledgerMs = performance.now() - t0;
  opts.log(`  wallets funded with ${opts.grantGoints} Goints each (${(ledgerMs / 1000).toFixed(1)} s)`);

  // ---- seekers and their open requests, released over the last 29 days (so none has expired) ----
  t0 = performance.now();
  const s = { id: [] as string[], name: [] as string[], email: [] as string[], first: [] as string[] };
  for (let i = 1; i <= opts.seekers; i++) {
    const first = pick(FIRST_NAMES);
    s.id.push(uuid());
    s.first.push(first);
    s.name.push(`${first} ${pick(SURNAMES)}`);
    s.email.push(`suchende-${String(i).padStart(6, '0')}@bench.akut.test`);
  }
  await insertColumns(
    client,
    `INSERT INTO "user" ("id", "name", "email", "emailVerified", "role", "locale", "createdAt", "updatedAt")
     SELECT id, name, email, true, 'seeker'::"Role", 'de', now(), now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, name, email)`,
    [s.id, s.name, s.email],
  );
  const expiryMs = DEFAULT_SETTINGS['marketplace.requestExpiryDays'] * 86_400_000;
  const r = {
    id: [] as string[],
    userId: [] as string[],
    first: [] as string[],
    cat: [] as string[],
    text: [] as string[],
    postcode: [] as string[],
    ort: [] as string[],
    lat: [] as number[],
    lon: [] as number[],
    bmin: [] as (number | null)[],
    bmax: [] as (number | null)[],
    urgency: [] as string[],
    score: [] as number[],
    at: [] as number[],
    expires: [] as number[],
  };
  for (let i = 0; i < opts.requests; i++) {
    const seeker = Math.floor(random() * opts.seekers);
    const cat = pickCategory();
    const at = pick(places);
    const released = now - Math.floor(random() * 29 * 86_400_000);
    const open = random() < 0.3;
    const max = open ? null : pick([50, 100, 150, 200, 300, 500, 800, 1000, 2000, 5000]);
    r.id.push(uuid());
    r.userId.push(s.id[seeker]!);
    r.first.push(s.first[seeker]!);
    r.cat.push(cat);
    r.text.push(`${pick(NEEDS[cat])} in ${at.place}.`);
    r.postcode.push(at.postcode);
    r.ort.push(at.place);
    r.lat.push(at.lat);
    r.lon.push(at.lon);
    r.bmin.push(max !== null && random() < 0.5 ? Math.round(max / 2) : null);
    r.bmax.push(max);
    r.urgency.push(pickUrgency());
    r.score.push(60 + Math.floor(random() * 41));
    r.at.push(released);
    r.expires.push(released + expiryMs);
  }
  await insertColumns(
    client,
    `INSERT INTO "Request" ("id", "userId", "firstName", "lang", "kategorie", "beschreibung", "beschreibungOeffentlich", "postcode", "ort", "lat", "lon",
       "budgetMin", "budgetMax", "dringlichkeit", "status", "qualityScore", "flags", "maxUnlocks", "unlockCount", "releasedAt", "matchedAt", "expiresAt", "createdAt", "updatedAt")
     SELECT id, user_id, first, 'de', cat, text, text, postcode, ort, lat, lon, bmin, bmax, urgency, 'open', score, '[]'::jsonb, ${DEFAULT_SETTINGS['marketplace.maxUnlocks']}, 0,
       to_timestamp(at / 1000.0) AT TIME ZONE 'UTC', to_timestamp(at / 1000.0) AT TIME ZONE 'UTC', to_timestamp(expires / 1000.0) AT TIME ZONE 'UTC',
       to_timestamp(at / 1000.0) AT TIME ZONE 'UTC', to_timestamp(at / 1000.0) AT TIME ZONE 'UTC'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[], $10::int[], $11::int[], $12::text[], $13::int[], $14::float8[], $15::float8[])
       AS t(id, user_id, first, cat, text, postcode, ort, lat, lon, bmin, bmax, urgency, score, at, expires)`,
    [r.id, r.userId, r.first, r.cat, r.text, r.postcode, r.ort, r.lat, r.lon, r.bmin, r.bmax, r.urgency, r.score, r.at, r.expires],
  );
  // Each request's card as matchRequest writes it into its matches (decision 077): the texts through the one
  // redaction, in both languages, kept in a temporary table the match load joins.
  const cards = r.id.map((id, i) =>
    matchCardOf(
      {
        kategorie: r.cat[i]!,
        beschreibung: r.text[i]!,
        ort: r.ort[i]!,
        postcode: r.postcode[i]!,
        budgetMin: r.bmin[i]!,
        budgetMax: r.bmax[i]!,
        dringlichkeit: r.urgency[i]!,
        date: null,
        status: 'open',
        unlockCount: 0,
        maxUnlocks: DEFAULT_SETTINGS['marketplace.maxUnlocks'],
        releasedAt: new Date(r.at[i]!),
        createdAt: new Date(r.at[i]!),
      },
      DEFAULT_UNLOCK_PRICE.goints,
    ),
  );
  await client.query(`CREATE TEMP TABLE bench_card (id text PRIMARY KEY, teaser_de text, teaser_en text, place_masked text, postcode_masked text)`);
  await insertColumns(client, `INSERT INTO bench_card SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`, [
    r.id,
    cards.map((c) => c.teaserDe),
    cards.map((c) => c.teaserEn),
    cards.map((c) => c.placeMasked),
    cards.map((c) => c.postcodeMasked),
  ]);
  const seekersAndRequestsMs = performance.now() - t0;
  opts.log(`  ${opts.seekers} seekers, ${opts.requests} open requests (${(seekersAndRequestsMs / 1000).toFixed(1)} s)`);

  // ---- matches: the rule of server/domain/matching/match-request.ts, in SQL ----
  // Same category, the provider's category active and matches accepted, the request's budget reaching the
  // provider's minimum (an open budget always does), not the provider's own request, and the great-circle
  // distance (haversine, same Earth radius as server/integrations/geo/postcodes.ts) within the provider's
  // radius capped at marketplace.maxRadiusKm. distanceKm is rounded to 0.1 km as the app does. The box
  // around the provider only narrows the index range (10 % wider in longitude); the distance decides.
  // Rows go in by release time, as matchRequest writes them in production (one request's matches at a
  // time), so one provider's matches lie scattered over the table as they would after weeks of operation.
  // The secondary indexes of Match are dropped for the load and built again afterwards, as they were.
  t0 = performance.now();
  const indexDefs = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Match' AND indexname <> 'Match_pkey'`,
    )
  ).rows;
  // Its foreign keys too: one check per row costs more than the insert; adding them again checks all rows at once.
  const foreignKeys = (
    await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = '"Match"'::regclass AND contype = 'f'`,
    )
  ).rows;
  for (const ix of indexDefs) await client.query(`DROP INDEX "${ix.indexname}"`);
  for (const fk of foreignKeys) await client.query(`ALTER TABLE "Match" DROP CONSTRAINT "${fk.name}"`);
  let matches = 0;
  for (const category of CATEGORY_IDS) {
    const res = await client.query(
      `INSERT INTO "Match" ("id", "requestId", "providerId", "status", "distanceKm", "createdAt", "updatedAt", "kategorie", "teaserDe", "teaserEn",
         "placeMasked", "postcodeMasked", "budgetMin", "budgetMax", "dringlichkeit", "wantedBy", "requestStatus", "unlockCount", "maxUnlocks", "unlockPrice", "postedAt")
       SELECT gen_random_uuid()::text, r.id, pc."providerId", 'offen', round(d.km::numeric, 1)::float8, r."releasedAt", r."releasedAt", r.kategorie, c.teaser_de, c.teaser_en,
         c.place_masked, c.postcode_masked, r."budgetMin", r."budgetMax", r.dringlichkeit, r.date, r.status, r."unlockCount", r."maxUnlocks", $3::int, r."releasedAt"
       FROM "ProviderCategory" pc
       JOIN "ProviderProfile" p ON p."userId" = pc."providerId"
       CROSS JOIN LATERAL (SELECT least(pc."radiusKm", $2::int)::float8 AS km) lim
       JOIN "Request" r ON r.kategorie = pc.category AND r.status = 'open'
         AND r.lat BETWEEN pc.lat - lim.km / 111.32 AND pc.lat + lim.km / 111.32
         AND r.lon BETWEEN pc.lon - 1.1 * lim.km / (111.32 * cos(radians(pc.lat))) AND pc.lon + 1.1 * lim.km / (111.32 * cos(radians(pc.lat)))
       JOIN bench_card c ON c.id = r.id
       CROSS JOIN LATERAL (SELECT 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(pc.lat - r.lat) / 2), 2)
         + cos(radians(r.lat)) * cos(radians(pc.lat)) * power(sin(radians(pc.lon - r.lon) / 2), 2)))) AS km) d
       WHERE pc.category = $1 AND pc.active AND p."acceptsMatches"
         AND (p."minBudget" IS NULL OR r."budgetMax" IS NULL OR r."budgetMax" >= p."minBudget")
         AND r."userId" IS DISTINCT FROM pc."providerId"
         AND d.km <= lim.km
       ORDER BY r."releasedAt"`,
      [category, maxRadiusKm, DEFAULT_UNLOCK_PRICE.goints],
    );
    matches += res.rowCount ?? 0;
  }
  await client.query(`DROP TABLE bench_card`);
  const matchesMs = performance.now() - t0;
  opts.log(`  ${matches} matches (${(matchesMs / 1000).toFixed(1)} s)`);
  t0 = performance.now();
  for (const ix of indexDefs) await client.query(ix.indexdef);
  for (const fk of foreignKeys) await client.query(`ALTER TABLE "Match" ADD CONSTRAINT "${fk.name}" ${fk.def}`);
  const indexesMs = performance.now() - t0;
  opts.log(
    `  Match indexes and foreign keys added again: ${[...indexDefs.map((i) => i.indexname), ...foreignKeys.map((f) => f.name)].join(', ')} (${(indexesMs / 1000).toFixed(1)} s)`,
  );

  // ---- statistics for the planner, and the visibility map a settled database would have ----
  t0 = performance.now();
  await client.query(`VACUUM (ANALYZE)`);
  const vacuumAnalyzeMs = performance.now() - t0;
  opts.log(`  VACUUM (ANALYZE) (${(vacuumAnalyzeMs / 1000).toFixed(1)} s)`);

  const perProvider = (
    await client.query<{ mean: string; p50: string; p90: string; max: string; none: string }>(
      `SELECT avg(n) AS mean, percentile_disc(0.5) WITHIN GROUP (ORDER BY n) AS p50, percentile_disc(0.9) WITHIN GROUP (ORDER BY n) AS p90, max(n) AS max, count(*) FILTER (WHERE n = 0) AS none
       FROM (SELECT p."userId", count(m.id) AS n FROM "ProviderProfile" p LEFT JOIN "Match" m ON m."providerId" = p."userId" GROUP BY p."userId") x`,
    )
  ).rows[0]!;
  const perRequest = (
    await client.query<{ mean: string; none: string }>(
      `SELECT avg(n) AS mean, count(*) FILTER (WHERE n = 0) AS none FROM (SELECT r.id, count(m.id) AS n FROM "Request" r LEFT JOIN "Match" m ON m."requestId" = r.id GROUP BY r.id) x`,
    )
  ).rows[0]!;
  const sizes = await client.query<{ name: string; size: string }>(
    `SELECT c.relname AS name, pg_size_pretty(pg_total_relation_size(c.oid)) AS size FROM pg_class c
     WHERE c.relname IN ('Match', 'Request', 'ProviderCategory', 'user', 'LedgerEntry') AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  return {
    providers: opts.providers,
    providerCategories: pc.providerId.length,
    seekers: opts.seekers,
    requests: opts.requests,
    matches,
    matchesPerProvider: {
      mean: Number(perProvider.mean),
      p50: Number(perProvider.p50),
      p90: Number(perProvider.p90),
      max: Number(perProvider.max),
      none: Number(perProvider.none),
    },
    matchesPerRequest: { mean: Number(perRequest.mean), none: Number(perRequest.none) },
    providerIds: p.id,
    loadMs: {
      providers: providersMs,
      ledger: ledgerMs,
      seekersAndRequests: seekersAndRequestsMs,
      matches: matchesMs,
      indexes: indexesMs,
      vacuumAnalyze: vacuumAnalyzeMs,
    },
    tableSizes: Object.fromEntries(sizes.rows.map((row) => [row.name, row.size])),
  };
}
