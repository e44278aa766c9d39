// The built server render (dist/.ssr/entry-server.js, written by `vite build`), loaded once. Without it (a
// client built before decision 037, or by hand with only the client environment) every page is the shell.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../logger.ts';
import type { RenderFn } from './render-page.ts';

export function loadBuiltRenderer(file: string, logger: Logger): () => Promise<RenderFn | null> {
  let loading: Promise<RenderFn | null> | null = null;
  return () =>
    (loading ??= (async () => {
      if (!fs.existsSync(file)) {
        logger.warn({ file }, 'no server render built: public pages are served as the empty shell (run `npm run build`)');
        return null;
      }
      const mod = (await import(pathToFileURL(file).href)) as { render: RenderFn };
      return mod.render;
    })());
}
