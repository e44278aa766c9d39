import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pwaPlugin } from './src/pwa/build-plugin.ts';

const ZOD_BROWSER = path.resolve(import.meta.dirname, 'src/lib/zod-browser.ts');

/**
 * In the browser bundle, every import of zod's schema builders ('zod', 'zod/v4', also the AI SDK's) goes through
 * src/lib/zod-browser.ts. Not in the server render, which shares the server's zod (and its global settings).
 */
function zodJitless(): Plugin {
  return {
    name: 'akut-zod-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if ((source === 'zod' || source === 'zod/v4') && importer !== ZOD_BROWSER) return ZOD_BROWSER;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [zodJitless(), react(), tailwindcss(), pwaPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The manifest tells `npm run size` which chunks each page loads. Chunks are named by their hash only: the entry
  // carries the file name of every chunk a lazy page may preload, and the module names in them were about 1 KB gzip
  // of every page's first JavaScript (decision 055; the manifest still maps each source to its file).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    modulePreload: { polyfill: false },
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  // `vite build` builds the browser app, then the server render of the public pages (src/entry-server.tsx)
  // into dist/.ssr, which the server loads (decision 037). Dot folders are not served by express.static.
  builder: {},
  environments: {
    ssr: { build: { outDir: 'dist/.ssr', emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { input: 'src/entry-server.tsx' } } },
  },
});
