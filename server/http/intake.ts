// POST /api/intake/extract: the extraction the chat uses (server/ai/nlu), as a public, rate-limited door.
// The offline model and this route share extractMessage; a form string ('Kategorie: …; …') is read as a form.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { normalizeLang } from '../i18n.ts';
import { CATEGORY_IDS, URGENCY_VALUES, extractMessage, todayIso } from '../ai/nlu/index.ts';
import { teaserDescription } from '../domain/requests/request-views.ts';

const extractResponse = z.object({
  category: z.enum(CATEGORY_IDS).nullable(),
  description: z.string().describe('The text, cleaned; contact data stays in it (providers see it only after unlocking)'),
  postcode: z.string().nullable().describe('Five-digit German postcode, known to the bundled GeoNames data'),
  place: z.string().nullable(),
  budget: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }).describe('Whole euros; both null when no budget was named'),
  urgency: z.enum(URGENCY_VALUES),
  urgencyStated: z.boolean().describe('False when urgency is the default (normal)'),
  date: z.iso.date().nullable(),
  missing: z
    .array(z.enum(['category', 'description', 'location', 'budget']))
    .describe('Required fields still absent, in the order the assistant asks for them'),
  hasContact: z.boolean().describe('The text contains contact data or a street address (hidden from providers before unlocking)'),
  teaser: z
    .string()
    .describe(
      "The description exactly as providers see it before unlocking: contact data and street addresses hidden, postcodes narrowed ('50***'), cut to 80 characters",
    ),
});

export const intakeRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/intake/extract',
    summary: 'Extracts a request (category, description, location, budget, urgency, date) from free text or a category form string',
    tags: ['intake'],
    access: 'public',
    rateLimit: 'public',
    body: z.object({
      text: z.string().trim().min(1).max(2000).describe('Free text, or the form string "Kategorie: …; Label: value; …"'),
      lang: z.string().max(16).optional().describe('de or en (German when it starts with de, otherwise English); defaults to the request language'),
      now: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('Reference time for relative dates like "morgen" (default: now); dates are days in Europe/Berlin'),
    }),
    response: extractResponse,
    handler: ({ body, lang }) => {
      const now = body.now ? new Date(body.now) : new Date();
      const outLang = body.lang ? normalizeLang(body.lang) : lang;
      const r = extractMessage(body.text, { lang: outLang, now });
      return {
        category: r.category,
        description: r.description,
        postcode: r.postcode,
        place: r.place,
        budget: { min: r.budget?.min ?? null, max: r.budget?.max ?? null },
        urgency: r.urgency,
        urgencyStated: r.details.urgencyStated,
        // A date before the reference day is never a wish for the future.
        date: r.date && r.date >= todayIso(now) ? r.date : null,
        missing: r.missing,
        hasContact: r.details.contacts.length > 0,
        teaser: teaserDescription(r.description, outLang),
      };
    },
  }),
];
