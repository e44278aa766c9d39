// What the parts of an instance take, loaded in the order the app loads them: heap after a full GC and RSS.
//   node --expose-gc scripts/mem-parts.ts   (docs/deploy.md, "Memory per instance")
const collect: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    throw new Error('run with node --expose-gc');
  });
const mb = (n: number) => (n / 1048576).toFixed(1);
let last = { heap: 0, rss: 0 };
function step(name: string) {
  collect();
  collect();
  const m = process.memoryUsage();
  console.log(
    `${name.padEnd(58)} heap ${mb(m.heapUsed).padStart(6)} MB (+${mb(m.heapUsed - last.heap).padStart(5)})  rss ${mb(m.rss).padStart(6)} MB (+${mb(m.rss - last.rss).padStart(5)})`,
  );
  last = { heap: m.heapUsed, rss: m.rss };
}
step('node alone');
await import('express');
await import('zod');
await import('ai');
step('express, zod, AI SDK loaded');
const geo = await import('../server/integrations/geo/postcodes.ts');
geo.lookupPostcode('10115');
geo.resolvePlace('Köln');
step('postcode and place tables (10,814 places)');
const { understanding } = await import('../server/ai/understanding/models.ts');
understanding();
step('intent corpus and classifier (93 intents, ~11,600 examples)');
const { chatTools } = await import('../server/chat/tools/index.ts');
chatTools.catalog();
step('chat tools, machines, NLU, domain modules');
await import('../server/app.ts');
step('the rest of the app (HTTP doors, Prisma client, auth)');

export {};
