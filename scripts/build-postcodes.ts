// Derives server/integrations/geo/de-postcodes.json ({ "<plz>": [[place, lat, lon], ...] }) from the
// GeoNames CSV next to it. Re-run after replacing the CSV: `node scripts/build-postcodes.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const geoDir = new URL('../server/integrations/geo/', import.meta.url);
const csvPath = fileURLToPath(new URL('de-postcodes.csv', geoDir));
const jsonPath = fileURLToPath(new URL('de-postcodes.json', geoDir));

/** RFC 4180 CSV: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

// GeoNames lists the postcodes of single organisations (large mail receivers) with a numeric state
// code ("01".."16") and the organisation as the place, while real places carry the letter code
// (BY, NW, ...). The legal-form pattern is a second guard for rows that slip through.
// Unicode-aware word edges: a plain \b would split 'Seßlach' at the ß and find 'Se' (SE, a legal form).
const LEGAL_FORM = /(?<![\p{L}\d])(gmbh|ag|kg|kgaa|ohg|gbr|e\.\s?v\.|e\.\s?g\.|eg|se|mbh|ug|co\.?\s?kg)(?![\p{L}\d])/iu;

export function isOrganisationRow(stateCode: string, place: string): boolean {
  return /^\d+$/.test(stateCode) || LEGAL_FORM.test(place);
}

export type PostcodeTable = Record<string, [string, number, number][]>;

export function buildPostcodeTable(csv: string): { table: PostcodeTable; rows: number; skipped: number } {
  const [header, ...rows] = parseCsv(csv);
  if (!header) throw new Error('empty CSV');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`column ${name} missing`);
    return i;
  };
  const cZip = col('zipcode');
  const cPlace = col('place');
  const cState = col('state_code');
  const cLat = col('latitude');
  const cLon = col('longitude');
  const table: PostcodeTable = {};
  let kept = 0;
  let skipped = 0;
  for (const r of rows) {
    if (r.length === 1 && r[0] === '') continue;
    const zip = r[cZip] ?? '';
    const place = (r[cPlace] ?? '').trim();
    if (!/^\d{5}$/.test(zip) || !place) throw new Error(`bad row: ${r.join(',')}`);
    if (isOrganisationRow(r[cState] ?? '', place)) {
      skipped++;
      continue;
    }
    const lat = Number(r[cLat]);
    const lon = Number(r[cLon]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error(`bad coordinates: ${r.join(',')}`);
    const list = (table[zip] ??= []);
    if (!list.some(([p]) => p === place)) list.push([place, lat, lon]);
    kept++;
  }
  const sorted: PostcodeTable = {};
  for (const zip of Object.keys(table).sort()) sorted[zip] = table[zip]!;
  return { table: sorted, rows: kept, skipped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table, rows, skipped } = buildPostcodeTable(readFileSync(csvPath, 'utf8'));
  const json = JSON.stringify(table);
  writeFileSync(jsonPath, json + '\n');
  console.log(
    `${Object.keys(table).length} postcodes, ${rows} places kept, ${skipped} organisation rows skipped, ${(json.length / 1024).toFixed(0)} KB -> ${jsonPath}`,
  );
}
