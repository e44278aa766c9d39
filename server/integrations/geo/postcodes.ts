// German postcodes and places from the bundled GeoNames data (CC BY 4.0, see README.md in this folder).
// The JSON is read and indexed once, on first use; every later call is a Map lookup.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PostcodePlace {
  place: string;
  lat: number;
  lon: number;
}

/** One place: all rows of one name (districts "Hamburg Altona-Nord" count for "Hamburg") within one area. */
export interface PlaceInfo {
  /** Name as in the data, e.g. 'München', 'Frankfurt am Main'. */
  name: string;
  /** Postcodes of the place, ascending. */
  postcodes: string[];
  /** Mean coordinates of the place's postcodes. */
  lat: number;
  lon: number;
  /** The postcode whose coordinates lie nearest to the place's mean: its representative for distances. */
  centralPostcode: string;
}

// A Map (postcode → rows): a lookup by a person's input finds only postcodes, never an object's own properties.
type Table = ReadonlyMap<string, [string, number, number][]>;

let table: Table | null = null;
let placeIndex: Map<string, PlaceInfo[]> | null = null;

function data(): Table {
  table ??= new Map(
    Object.entries(
      JSON.parse(readFileSync(fileURLToPath(new URL('./de-postcodes.json', import.meta.url)), 'utf8')) as Record<string, [string, number, number][]>,
    ),
  );
  return table;
}

export function isPostcodeShape(plz: string): boolean {
  return /^\d{5}$/.test(plz);
}

/** The places of a postcode (a rural postcode may serve several villages); [] when unknown. */
export function lookupPostcode(plz: string): PostcodePlace[] {
  const rows = isPostcodeShape(plz) ? data().get(plz) : undefined;
  return rows ? rows.map(([place, lat, lon]) => ({ place, lat, lon })) : [];
}

export function isKnownPostcode(plz: string): boolean {
  return isPostcodeShape(plz) && data().has(plz);
}

/**
 * The one place name to show for a postcode, as in a postal address: the name that is a word-prefix
 * of most of its other names ('Hamburg' for 20095, which also lists 'Hamburg Altstadt'), else the
 * first; a district name is shortened to its town when the town is a place of its own that holds the
 * postcode ('Hamburg Altona-Altstadt' → 'Hamburg' for 22767).
 */
export function placeOfPostcode(plz: string): string | null {
  const rows = isPostcodeShape(plz) ? data().get(plz) : undefined;
  if (!rows || rows.length === 0) return null;
  let best = rows[0]![0];
  let bestCount = -1;
  for (const [name] of rows) {
    const count = rows.filter(([other]) => other.startsWith(name + ' ')).length;
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  const words = best.split(' ');
  for (let n = 1; n < words.length; n++) {
    const base = words.slice(0, n).join(' ');
    if (placesByKey(placeKey(base)).some((p) => p.name === base && p.postcodes.includes(plz))) return base;
  }
  return best;
}

/**
 * Comparison key of a place name: case-, umlaut- and punctuation-insensitive.
 * `plain` folds ä to a (for 'Munchen'); the default folds ä to ae (for 'Muenchen'). Both keys are indexed.
 */
export function placeKey(name: string, plain = false): string {
  let s = name.toLowerCase();
  if (/[\u0300-\u036f]/.test(s)) s = s.normalize('NFC');
  s = s.replace(/[äöüß]/g, (c) => (plain ? PLAIN_FOLD : UMLAUT_FOLD).get(c)!);
  // Other accents (é, č, ...) only where present: normalize() is the slow part of indexing.
  if (/[^\x00-\x7f]/.test(s)) s = s.normalize('NFD').replace(/\p{M}/gu, '');
  s = s.replace(/[-/().,'\s]+/g, ' ').trim();
  return s.startsWith('st ') || s.includes(' st ') ? s.replace(/(^| )st (?=\S)/g, '$1sankt ') : s;
}

const UMLAUT_FOLD: ReadonlyMap<string, string> = new Map(Object.entries({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' } satisfies Record<string, string>));
const PLAIN_FOLD: ReadonlyMap<string, string> = new Map(Object.entries({ ä: 'a', ö: 'o', ü: 'u', ß: 'ss' } satisfies Record<string, string>));

// 'Frankfurt am Main' is also found as 'Frankfurt', 'Stolberg (Rheinland)' as 'Stolberg'.
const QUALIFIER = /^(.+?)(?:\s+(?:am|an der|an den|im|in der|ob der|bei|vor der|auf der)\s+.+|\s*\(.+\)|,\s*.+|\/.+)$/;

const CLUSTER_KM = 35;

interface Cluster {
  name: string;
  rows: { plz: string; lat: number; lon: number }[];
  lat: number;
  lon: number;
}

function buildIndex(): Map<string, PlaceInfo[]> {
  // Rows per name; a name like 'Hamburg Rotherbaum' also counts for 'Hamburg' when that is a place nearby.
  const byName = new Map<string, { plz: string; lat: number; lon: number }[]>();
  for (const [plz, rows] of data()) {
    for (const [name, lat, lon] of rows) {
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push({ plz, lat, lon });
    }
  }
  const clusters: Cluster[] = [];
  const clustersByName = new Map<string, Cluster[]>();
  const addRow = (name: string, row: { plz: string; lat: number; lon: number }) => {
    let list = clustersByName.get(name);
    if (!list) clustersByName.set(name, (list = []));
    let c = list.find((k) => haversineKm(k.lat, k.lon, row.lat, row.lon) <= CLUSTER_KM);
    if (!c) {
      c = { name, rows: [], lat: row.lat, lon: row.lon };
      list.push(c);
      clusters.push(c);
    }
    c.rows.push(row);
    c.lat += (row.lat - c.lat) / c.rows.length;
    c.lon += (row.lon - c.lon) / c.rows.length;
  };
  for (const [name, rows] of byName) for (const row of rows) addRow(name, row);
  for (const [name, rows] of byName) {
    const words = name.split(' ');
    for (let n = words.length - 1; n >= 1; n--) {
      const base = words.slice(0, n).join(' ');
      const baseClusters = clustersByName.get(base);
      if (!baseClusters) continue;
      for (const row of rows) {
        const c = baseClusters.find((k) => haversineKm(k.lat, k.lon, row.lat, row.lon) <= CLUSTER_KM);
        if (c && !c.rows.some((r) => r.plz === row.plz)) c.rows.push(row);
      }
      break;
    }
  }
  const index = new Map<string, PlaceInfo[]>();
  const add = (key: string, info: PlaceInfo) => {
    let list = index.get(key);
    if (!list) index.set(key, (list = []));
    if (!list.includes(info)) list.push(info);
  };
  for (const c of clusters) {
    const lat = c.rows.reduce((s, r) => s + r.lat, 0) / c.rows.length;
    const lon = c.rows.reduce((s, r) => s + r.lon, 0) / c.rows.length;
    let central = c.rows[0]!;
    for (const r of c.rows) if (haversineKm(lat, lon, r.lat, r.lon) < haversineKm(lat, lon, central.lat, central.lon)) central = r;
    const info: PlaceInfo = {
      name: c.name,
      postcodes: [...new Set(c.rows.map((r) => r.plz))].sort(),
      lat,
      lon,
      centralPostcode: central.plz,
    };
    const names = [c.name];
    const q = QUALIFIER.exec(c.name);
    if (q?.[1]) names.push(q[1]);
    for (const n of names) {
      add(placeKey(n), info);
      if (/[äöüÄÖÜ]/.test(n)) add(placeKey(n, true), info);
    }
  }
  // Largest first: an ambiguous name ('Frankfurt', 'Neustadt', 'Mülheim') means its biggest place.
  for (const list of index.values()) {
    list.sort((a, b) => b.postcodes.length - a.postcodes.length || a.postcodes[0]!.localeCompare(b.postcodes[0]!));
  }
  return index;
}

function index(): Map<string, PlaceInfo[]> {
  placeIndex ??= buildIndex();
  return placeIndex;
}

/** All places known under a comparison key (see placeKey), largest first. */
export function placesByKey(key: string): readonly PlaceInfo[] {
  return index().get(key) ?? [];
}

/**
 * The place a name stands for, case- and umlaut-insensitive ('Muenchen', 'munchen', 'MÜNCHEN').
 * A name shared by several places resolves to the one with the most postcodes.
 */
export function resolvePlace(name: string): PlaceInfo | null {
  const list = placesByKey(placeKey(name));
  if (list.length > 0) return list[0]!;
  return placesByKey(placeKey(name, true))[0] ?? null;
}

/** Postcodes of a named place, ascending; [] when unknown. */
export function findPlace(name: string): string[] {
  return resolvePlace(name)?.postcodes.slice() ?? [];
}

const EARTH_RADIUS_KM = 6371.0088;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance between two postcodes (their first listed place), or null when one is unknown. */
export function distanceKm(a: string, b: string): number | null {
  const pa = lookupPostcode(a)[0];
  const pb = lookupPostcode(b)[0];
  if (!pa || !pb) return null;
  return haversineKm(pa.lat, pa.lon, pb.lat, pb.lon);
}

/** Coordinates of a postcode (its first place) or else of a named place; null when neither is known. */
export function coordinatesOf(postcode: string | null | undefined, place: string | null | undefined): { lat: number; lon: number } | null {
  const byCode = postcode ? lookupPostcode(postcode)[0] : undefined;
  if (byCode) return { lat: byCode.lat, lon: byCode.lon };
  const byName = place ? resolvePlace(place) : null;
  return byName ? { lat: byName.lat, lon: byName.lon } : null;
}
