// The demo's fictional data (decision 041). It ships with the client and lives only in the browser: no demo
// screen reads or writes the real API, so demo figures never mix with real ones. Words (descriptions, places,
// texts) are in the locale files under demo:data.*, keyed by the ids here; names, numbers and contacts are the
// same in both languages. Phone numbers are from the range the Bundesnetzagentur keeps free for fiction
// (030 23125 xxx), e-mail addresses use the reserved .example domain.
import type { CategoryId } from '@/chat/intake/labels';

export const DEMO_START_GOINTS = 500;
export const DEMO_UNLOCK_GOINTS = 50;
/** 1 EUR = 10 Goints, as on the real marketplace. */
export const DEMO_GOINTS_PER_EUR = 10;

/** The specification's sample marketing figures: shown only inside demo mode, labelled as examples. */
export const DEMO_SAMPLE_FIGURES = { conversionRate: 0.98, leads: 2400, responseHours: 24 } as const;

export type DemoBadge = 'verifiziert' | 'top_bewertet' | null;

export interface DemoProvider {
  id: 'p1' | 'p2' | 'p3' | 'p4' | 'p5';
  name: string;
  category: CategoryId;
  rating: number;
  reviews: number;
  badge: DemoBadge;
  phone: string;
  email: string;
  /** Typical answer time in minutes. */
  responseMinutes: number;
}

export const DEMO_PROVIDERS: readonly DemoProvider[] = [
  {
    id: 'p1',
    name: 'Sanitär Sonnenschein',
    category: 'handwerk',
    rating: 4.9,
    reviews: 127,
    badge: 'top_bewertet',
    phone: '030 23125 101',
    email: 'kontakt@sanitaer-sonnenschein.example',
    responseMinutes: 15,
  },
  {
    id: 'p2',
    name: 'Autohaus Abendrot',
    category: 'auto',
    rating: 4.7,
    reviews: 89,
    badge: 'verifiziert',
    phone: '030 23125 102',
    email: 'verkauf@autohaus-abendrot.example',
    responseMinutes: 45,
  },
  {
    id: 'p3',
    name: 'Elektro Blitzblank',
    category: 'elektronik',
    rating: 4.8,
    reviews: 64,
    badge: 'verifiziert',
    phone: '030 23125 103',
    email: 'service@elektro-blitzblank.example',
    responseMinutes: 30,
  },
  {
    id: 'p4',
    name: 'Catering Kochlöffel',
    category: 'gastronomie',
    rating: 4.6,
    reviews: 41,
    badge: null,
    phone: '030 23125 104',
    email: 'hallo@catering-kochloeffel.example',
    responseMinutes: 120,
  },
  {
    id: 'p5',
    name: 'Umzüge Wolkenleicht',
    category: 'dienstleistungen',
    rating: 4.5,
    reviews: 203,
    badge: 'top_bewertet',
    phone: '030 23125 105',
    email: 'team@umzuege-wolkenleicht.example',
    responseMinutes: 60,
  },
];

export interface DemoDeal {
  id: 'd1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6';
  providerId: DemoProvider['id'];
  category: CategoryId;
  /** Euros. */
  value: number;
  rating: number;
  /** ISO date. */
  completedAt: string;
}

/** The first three are the demo page's sidebar. */
export const DEMO_DEALS: readonly DemoDeal[] = [
  { id: 'd1', providerId: 'p1', category: 'handwerk', value: 480, rating: 5, completedAt: '2026-11-02' },
  { id: 'd2', providerId: 'p2', category: 'auto', value: 12900, rating: 5, completedAt: '2026-10-27' },
  { id: 'd3', providerId: 'p4', category: 'gastronomie', value: 1350, rating: 4, completedAt: '2026-10-19' },
  { id: 'd4', providerId: 'p3', category: 'elektronik', value: 260, rating: 5, completedAt: '2026-10-11' },
  { id: 'd5', providerId: 'p5', category: 'dienstleistungen', value: 890, rating: 4, completedAt: '2026-09-30' },
  { id: 'd6', providerId: 'p1', category: 'handwerk', value: 2150, rating: 5, completedAt: '2026-09-21' },
];

export interface DemoRequest {
  id: 'r1' | 'r2' | 'r3' | 'r4';
  category: CategoryId;
  urgency: 'sehr_dringend' | 'dringend' | 'normal';
  /** Postcode (shown masked before the unlock). */
  postcode: string;
  budgetMin: number;
  budgetMax: number;
  /** The seeker's contact, revealed by the unlock. */
  phone: string;
  email: string;
  /** Unlocked from the start, like the specification's match-2. */
  unlocked: boolean;
}

/** The requests the demo provider sees as teasers. */
export const DEMO_REQUESTS: readonly DemoRequest[] = [
  {
    id: 'r1',
    category: 'handwerk',
    urgency: 'sehr_dringend',
    postcode: '10115',
    budgetMin: 300,
    budgetMax: 600,
    phone: '030 23125 201',
    email: 'jana@demo-anfrage.example',
    unlocked: false,
  },
  {
    id: 'r2',
    category: 'elektronik',
    urgency: 'dringend',
    postcode: '80331',
    budgetMin: 150,
    budgetMax: 300,
    phone: '030 23125 202',
    email: 'tom@demo-anfrage.example',
    unlocked: true,
  },
  {
    id: 'r3',
    category: 'auto',
    urgency: 'normal',
    postcode: '50667',
    budgetMin: 8000,
    budgetMax: 12000,
    phone: '030 23125 203',
    email: 'mia@demo-anfrage.example',
    unlocked: false,
  },
  {
    id: 'r4',
    category: 'gastronomie',
    urgency: 'dringend',
    postcode: '20095',
    budgetMin: 800,
    budgetMax: 1500,
    phone: '030 23125 204',
    email: 'ali@demo-anfrage.example',
    unlocked: false,
  },
];

export interface DemoOffer {
  id: 'o1' | 'o2' | 'o3';
  providerId: DemoProvider['id'];
  /** Euros. */
  price: number;
}

/** The offers that reach the demo seeker, best rated first. */
export const DEMO_OFFERS: readonly DemoOffer[] = [
  { id: 'o1', providerId: 'p1', price: 420 },
  { id: 'o2', providerId: 'p3', price: 380 },
  { id: 'o3', providerId: 'p5', price: 450 },
];

export const demoProvider = (id: DemoProvider['id']): DemoProvider => DEMO_PROVIDERS.find((p) => p.id === id)!;

/** The teaser's place: the postcode's first two digits, then ***. */
export const maskPostcode = (postcode: string) => `${postcode.slice(0, 2)}***`;

/** What the demo seeker would earn: half of the unlock fees of the providers who unlocked (in cents). */
export const demoSeekerShareCents = (unlocks: number) => (unlocks * DEMO_UNLOCK_GOINTS * 100) / DEMO_GOINTS_PER_EUR / 2;
