import { decideFor } from '../tests/helpers/offline-decide.ts';
import { understanding } from '../server/ai/understanding/models.ts';
const u = understanding();
const show = (role: any, t: string, o: any) =>
  console.log(
    role,
    JSON.stringify(t),
    JSON.stringify(decideFor(role, t, o)),
    JSON.stringify(
      u.models[o.lang as 'de' | 'en']
        .classify(t)
        .slice(0, 3)
        .map((r) => [r.intent, +r.raw.toFixed(2)]),
    ),
  );
show('provider', 'Blablub quux?', { lang: 'en' });
show('seeker', 'Blablub quux?', { lang: 'en', machine: 'intake', state: 'submitted' });
for (const n of ['Anna Schmidt', 'Müller', 'Schmidt', 'R2D2', '<b>Anna</b>']) show('anonymous', n, { lang: 'de', machine: 'intake', state: 'greeting' });
show('anonymous', 'I need ?', { lang: 'en', machine: 'welcome', state: 'explainingHowItWorks' });
show('anonymous', 'Can you explain that again?', { lang: 'en', machine: 'welcome', state: 'explainingHowItWorks' });
show('admin', 'set Max Rollenwechsel back to seeker', { lang: 'en' });
