import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

/**
 * The page's scripts are fetched at low priority (decision 057): public pages come rendered from the server, so
 * their first paint needs the HTML and the stylesheet only, and the scripts that make them interactive should
 * not compete with the stylesheet for a slow connection. They still start loading at once, in parallel.
 */
function scriptsAfterStyles(): Plugin {
  return {
    name: 'akut-scripts-after-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
          .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin'),
    },
  };
}

/**
 * Parts of a namespace no server page shows: the offline model's replies and the intents' names in `chat` are read by
 * the server and by the conversation's widgets, which wait for the whole language (src/chat/chat-panel.tsx). They were
 * 15 of the 20 KB gzip of words /search loaded before it hydrated.
 */
const NOT_BEFORE_HYDRATION: Record<string, string[]> = { chat: ['offline', 'intents'] };

/**
 * A locale file imported with '?ns' (src/i18n/index.ts): one namespace as a module of its own, a copy beside the
 * language's whole chunk, so a server page hydrates with only the namespaces it was rendered with (decision 087),
 * without the parts above (the whole namespace replaces the copy once the page has hydrated).
 * Written as JSON.parse of a string, which engines parse faster than an object literal.
 */
function namespaceCopies(): Plugin {
  return {
    name: 'akut-namespace-copies',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.json?ns')) return null;
      const file = id.slice(0, -'?ns'.length);
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const key of NOT_BEFORE_HYDRATION[path.basename(file, '.json')] ?? []) delete data[key];
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`, moduleType: 'js' };
    },
  };
}

/** The build's scripts and styles, compressed once here instead of on every request (decision 057). */
const PRECOMPRESSED = /\.(js|css)$/;
function precompressAssets(): Plugin {
  return {
    name: 'akut-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.resolve(import.meta.dirname, 'dist');
      for (const file of Object.keys(bundle)) {
        if (!PRECOMPRESSED.test(file)) continue;
        const source = fs.readFileSync(path.join(dir, file));
        if (source.length < 1024) continue;
        fs.writeFileSync(
          path.join(dir, `${file}.br`),
          zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        );
        fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [zodJitless(), namespaceCopies(), react(), tailwindcss(), pwaPlugin(), scriptsAfterStyles(), precompressAssets()],
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
