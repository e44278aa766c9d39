// 'zod' and 'zod/v4' as the browser bundle sees them (the zodJitless plugin in vite.config.ts points them
// here). zod 4 compiles its object parsers with `new Function`, after probing whether eval is allowed as each
// object schema is built; the Content Security Policy (script-src 'self', server/http/security.ts) refuses the
// probe and Chromium reports it (Lighthouse best practices, the Issues panel). The interpreted parsers give the
// same results. Set here, `jitless` holds before any module that imports zod builds a schema, and costs nothing
// on pages that load no zod (a setting in src/main.tsx would put zod's core into every page's first script).
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
