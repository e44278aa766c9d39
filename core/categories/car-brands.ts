// Car brands and their current or common models (German market), for the Auto form's brand/model
// dropdowns and for recognising cars in free text. Written for akut; extend as the market changes.
import { fold, tokenize } from '../text.ts';

export interface CarBrand {
  brand: string;
  /** Other spellings people type ('VW' for Volkswagen, 'Mercedes' for Mercedes-Benz). */
  aliases?: readonly string[];
  models: readonly string[];
  /** The brand name is also an everyday word ('Seat', 'Smart', 'Mini'): only counted next to a model or written capitalised. */
  ambiguous?: boolean;
}

export const CAR_BRANDS: readonly CarBrand[] = [
  { brand: 'Alfa Romeo', aliases: ['Alfa'], models: ['Giulia', 'Stelvio', 'Tonale', 'Giulietta', 'MiTo', 'Junior'] },
  { brand: 'Audi', models: ['A1', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'Q2', 'Q3', 'Q4 e-tron', 'Q5', 'Q7', 'Q8', 'TT', 'e-tron GT', 'RS3', 'RS6'] },
  {
    brand: 'BMW',
    models: [
      '1er',
      '2er',
      '3er',
      '4er',
      '5er',
      '6er',
      '7er',
      '8er',
      'X1',
      'X2',
      'X3',
      'X4',
      'X5',
      'X6',
      'X7',
      'Z4',
      'i3',
      'i4',
      'i5',
      'i7',
      'iX',
      'iX1',
      'iX3',
      'M3',
      'M5',
    ],
  },
  { brand: 'BYD', models: ['Atto 3', 'Dolphin', 'Seal', 'Seal U', 'Han', 'Tang'] },
  { brand: 'Citroën', aliases: ['Citroen'], models: ['C1', 'C3', 'C3 Aircross', 'C4', 'C5 Aircross', 'C5 X', 'Berlingo', 'SpaceTourer', 'Ami'] },
  { brand: 'Cupra', models: ['Born', 'Formentor', 'Leon', 'Ateca', 'Tavascan'] },
  { brand: 'Dacia', models: ['Sandero', 'Duster', 'Jogger', 'Spring', 'Logan', 'Bigster'] },
  { brand: 'DS', ambiguous: true, models: ['DS 3', 'DS 4', 'DS 7', 'DS 9'] },
  { brand: 'Ferrari', models: ['296', 'Roma', 'Purosangue', 'SF90', 'F8'] },
  { brand: 'Fiat', models: ['500', '500e', 'Panda', 'Tipo', 'Punto', 'Doblo', 'Ducato', '600'] },
  {
    brand: 'Ford',
    models: ['Fiesta', 'Focus', 'Puma', 'Kuga', 'Mondeo', 'Mustang', 'Mustang Mach-E', 'Explorer', 'Ranger', 'Transit', 'Tourneo', 'Galaxy', 'S-Max', 'Ka'],
  },
  { brand: 'Honda', models: ['Jazz', 'Civic', 'HR-V', 'CR-V', 'ZR-V', 'e:Ny1'] },
  { brand: 'Hyundai', models: ['i10', 'i20', 'i30', 'Bayon', 'Kona', 'Tucson', 'Santa Fe', 'Ioniq 5', 'Ioniq 6', 'Inster'] },
  { brand: 'Jaguar', models: ['E-Pace', 'F-Pace', 'I-Pace', 'XE', 'XF', 'F-Type'] },
  { brand: 'Jeep', models: ['Renegade', 'Compass', 'Avenger', 'Wrangler', 'Grand Cherokee'] },
  { brand: 'Kia', models: ['Picanto', 'Rio', 'Stonic', 'Ceed', 'XCeed', 'Niro', 'Sportage', 'Sorento', 'EV3', 'EV6', 'EV9'] },
  { brand: 'Lamborghini', models: ['Huracán', 'Urus', 'Revuelto'] },
  {
    brand: 'Land Rover',
    aliases: ['Range Rover'],
    models: ['Defender', 'Discovery', 'Discovery Sport', 'Range Rover', 'Range Rover Evoque', 'Range Rover Sport', 'Range Rover Velar'],
  },
  { brand: 'Lexus', models: ['UX', 'NX', 'RX', 'LBX', 'ES', 'LS'] },
  { brand: 'Maserati', models: ['Ghibli', 'Levante', 'Grecale', 'MC20', 'Quattroporte'] },
  { brand: 'Mazda', models: ['Mazda2', 'Mazda3', 'Mazda6', 'CX-3', 'CX-30', 'CX-5', 'CX-60', 'MX-5', 'MX-30'] },
  {
    brand: 'Mercedes-Benz',
    aliases: ['Mercedes', 'Benz', 'Daimler'],
    models: [
      'A-Klasse',
      'B-Klasse',
      'C-Klasse',
      'E-Klasse',
      'S-Klasse',
      'CLA',
      'CLS',
      'GLA',
      'GLB',
      'GLC',
      'GLE',
      'GLS',
      'G-Klasse',
      'EQA',
      'EQB',
      'EQC',
      'EQE',
      'EQS',
      'V-Klasse',
      'Sprinter',
      'Vito',
      'SL',
      'AMG GT',
    ],
  },
  { brand: 'MG', ambiguous: true, models: ['MG4', 'MG5', 'ZS', 'HS', 'Marvel R', 'Cyberster'] },
  { brand: 'Mini', ambiguous: true, models: ['Cooper', 'One', 'Countryman', 'Clubman', 'Cabrio', 'Aceman'] },
  { brand: 'Mitsubishi', models: ['Space Star', 'ASX', 'Eclipse Cross', 'Outlander', 'Colt', 'L200'] },
  { brand: 'Nissan', models: ['Micra', 'Juke', 'Qashqai', 'X-Trail', 'Leaf', 'Ariya', 'Navara'] },
  { brand: 'Opel', models: ['Corsa', 'Astra', 'Insignia', 'Mokka', 'Crossland', 'Grandland', 'Zafira', 'Combo', 'Vivaro', 'Adam', 'Meriva'] },
  { brand: 'Peugeot', models: ['108', '208', '2008', '308', '3008', '408', '508', '5008', 'Rifter', 'Partner'] },
  { brand: 'Polestar', models: ['Polestar 2', 'Polestar 3', 'Polestar 4'] },
  { brand: 'Porsche', models: ['911', 'Taycan', 'Macan', 'Cayenne', 'Panamera', '718 Cayman', '718 Boxster'] },
  {
    brand: 'Renault',
    models: ['Twingo', 'Clio', 'Captur', 'Megane', 'Mégane E-Tech', 'Austral', 'Arkana', 'Scenic', 'Kangoo', 'Zoe', 'Espace', 'Trafic', 'R5'],
  },
  { brand: 'Seat', ambiguous: true, models: ['Ibiza', 'Leon', 'Arona', 'Ateca', 'Tarraco', 'Alhambra', 'Mii'] },
  { brand: 'Škoda', aliases: ['Skoda'], models: ['Fabia', 'Scala', 'Octavia', 'Superb', 'Kamiq', 'Karoq', 'Kodiaq', 'Enyaq', 'Elroq', 'Citigo', 'Yeti'] },
  { brand: 'Smart', ambiguous: true, models: ['fortwo', 'forfour', '#1', '#3'] },
  { brand: 'Subaru', models: ['Impreza', 'XV', 'Crosstrek', 'Forester', 'Outback', 'Solterra', 'BRZ'] },
  { brand: 'Suzuki', models: ['Swift', 'Ignis', 'Vitara', 'S-Cross', 'Jimny', 'Swace', 'Across'] },
  { brand: 'Tesla', models: ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck'] },
  {
    brand: 'Toyota',
    models: ['Aygo X', 'Yaris', 'Yaris Cross', 'Corolla', 'C-HR', 'RAV4', 'Prius', 'Camry', 'Land Cruiser', 'Hilux', 'bZ4X', 'Proace', 'Auris'],
  },
  {
    brand: 'Volkswagen',
    aliases: ['VW'],
    models: [
      'up!',
      'Polo',
      'Golf',
      'Golf Variant',
      'T-Cross',
      'T-Roc',
      'Taigo',
      'Tiguan',
      'Touran',
      'Passat',
      'Arteon',
      'Touareg',
      'ID.3',
      'ID.4',
      'ID.5',
      'ID.7',
      'ID. Buzz',
      'Caddy',
      'Transporter',
      'Multivan',
      'Amarok',
      'Sharan',
      'Scirocco',
      'Beetle',
      'Käfer',
    ],
  },
  { brand: 'Volvo', models: ['EX30', 'EX90', 'XC40', 'XC60', 'XC90', 'V40', 'V60', 'V90', 'S60', 'S90', 'C40'] },
];

/** Models that are everyday words or short codes too: they name a car only right after their brand. */
const AMBIGUOUS_MODELS = new Set(
  [
    'Golf',
    'Polo',
    'up!',
    'Focus',
    'Ka',
    'Leon',
    'Jazz',
    'Panda',
    'Mustang',
    'Swift',
    'Leaf',
    'Born',
    'Seal',
    'Han',
    'Tang',
    'Dolphin',
    'Spring',
    'Roma',
    'Rio',
    'Soul',
    'Defender',
    'Discovery',
    'Explorer',
    'Ranger',
    'Transit',
    'Galaxy',
    'Partner',
    'Combo',
    'Adam',
    'Compass',
    'Avenger',
    'Kona',
    'Across',
    'One',
    'Cooper',
    'Cabrio',
    'Ami',
    'Junior',
    'Ibiza',
    'Juke',
    'Micra',
    'Yeti',
    'Beetle',
    'Käfer',
    'Transporter',
    'Caddy',
    'Outback',
    'Impreza',
    'Zoe',
    'Espace',
    'Capri',
    'Tipo',
    'Punto',
    'Scala',
    'Superb',
    'Arona',
    'Ateca',
    'Colt',
    'Logan',
    'Spring',
    'Sandero',
    'Jogger',
  ].map(fold),
);

export function listBrands(): string[] {
  return CAR_BRANDS.map((b) => b.brand);
}

export function modelsOf(brand: string): readonly string[] {
  const key = fold(brand);
  return CAR_BRANDS.find((b) => fold(b.brand) === key || b.aliases?.some((a) => fold(a) === key))?.models ?? [];
}

export interface CarMention {
  brand: string;
  model: string | null;
  start: number;
  end: number;
}

interface Phrase {
  words: string[];
  brand: CarBrand;
  model: string | null;
}

interface PhraseIndex {
  brands: Phrase[];
  models: Phrase[];
  /** By first word, longest first. */
  brandsByFirst: Map<string, Phrase[]>;
  modelsByFirst: Map<string, Phrase[]>;
}

let phrases: PhraseIndex | null = null;

function byFirst(list: Phrase[]): Map<string, Phrase[]> {
  const map = new Map<string, Phrase[]>();
  for (const p of list) {
    const key = p.words[0]!;
    let l = map.get(key);
    if (!l) map.set(key, (l = []));
    l.push(p);
  }
  return map;
}

function splitWords(s: string): string[] {
  return tokenize(s).map((t) => t.norm);
}

function index() {
  if (phrases) return phrases;
  const brands: Phrase[] = [];
  const models: Phrase[] = [];
  for (const b of CAR_BRANDS) {
    for (const name of [b.brand, ...(b.aliases ?? [])]) brands.push({ words: splitWords(name), brand: b, model: null });
    for (const m of b.models) models.push({ words: splitWords(m), brand: b, model: m });
  }
  // Longest first so 'Range Rover Sport' beats 'Range Rover'.
  brands.sort((a, b) => b.words.length - a.words.length);
  models.sort((a, b) => b.words.length - a.words.length);
  phrases = { brands, models, brandsByFirst: byFirst(brands), modelsByFirst: byFirst(models) };
  return phrases;
}

function matchAt(norms: string[], i: number, words: string[]): boolean {
  if (i + words.length > norms.length) return false;
  for (let k = 0; k < words.length; k++) if (norms[i + k] !== words[k]) return false;
  return true;
}

/** Brands (and a model right after, or a distinctive model alone: 'Passat', '3er BMW') named in a text. */
export function findCars(text: string): CarMention[] {
  const { brandsByFirst, modelsByFirst } = index();
  const tokens = tokenize(text);
  const norms = tokens.map((t) => t.norm);
  const out: CarMention[] = [];
  const used = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i)) continue;
    const hit = brandsByFirst.get(norms[i]!)?.find((p) => matchAt(norms, i, p.words));
    if (!hit) continue;
    // A model named with the brand in it ('Range Rover Sport'), else a model after the brand ('VW Golf').
    const whole = modelsByFirst
      .get(norms[i]!)
      ?.find((m) => m.brand === hit.brand && m.words.length > hit.words.length && matchAt(norms, i, m.words) && hit.words.every((w, k) => m.words[k] === w));
    const j = whole ? i : i + hit.words.length;
    const model = whole ?? modelsByFirst.get(norms[j] ?? '')?.find((m) => m.brand === hit.brand && matchAt(norms, j, m.words));
    // A model written before the brand: '3er BMW'.
    const before = i > 0 ? modelsByFirst.get(norms[i - 1]!)?.find((m) => m.brand === hit.brand && m.words.length === 1) : undefined;
    const tok = tokens[i]!;
    if (hit.brand.ambiguous && !model && !before && !/^[A-ZÄÖÜŠ]/.test(tok.text)) continue;
    if (hit.brand.ambiguous && !model && !before && /^(tv|home|watch|phone|meter|card|karte)/.test(norms[j] ?? '')) continue;
    const last = model ? tokens[j + model.words.length - 1]! : tokens[j - 1]!;
    const first = before ? tokens[i - 1]! : tok;
    out.push({ brand: hit.brand.brand, model: model?.model ?? before?.model ?? null, start: first.start, end: last.end });
    for (let k = i; k < j + (model?.words.length ?? 0); k++) used.add(k);
  }
  if (out.length === 0) {
    for (let i = 0; i < tokens.length; i++) {
      const m = modelsByFirst.get(norms[i]!)?.find((p) => matchAt(norms, i, p.words));
      if (!m || /^\d+$/.test(norms[i]!)) continue;
      // 'Golf' is a car in 'gebrauchter Golf', 'used Golf' or 'Golf 7', a game otherwise.
      const carContext = /^(gebraucht\w*|used|second-hand|secondhand)$/.test(norms[i - 1] ?? '') || /^(\d|[ivx]{1,4})$/.test(norms[i + m.words.length] ?? '');
      if (AMBIGUOUS_MODELS.has(norms[i]!) && !carContext) continue;
      if (m.words.join('').length < 4 && !/^\d(er)$/.test(norms[i]!)) continue;
      out.push({ brand: m.brand.brand, model: m.model, start: tokens[i]!.start, end: tokens[i + m.words.length - 1]!.end });
      break;
    }
  }
  return out;
}
