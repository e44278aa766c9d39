import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pwaPlugin } from './src/pwa/build-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), pwaPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The manifest tells `npm run size` which chunks each page loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true, modulePreload: { polyfill: false } },
  // `vite build` builds the browser app, then the server render of the public pages (src/entry-server.tsx)
  // into dist/.ssr, which the server loads (decision 037). Dot folders are not served by express.static.
  builder: {},
  environments: {
    ssr: { build: { outDir: 'dist/.ssr', emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { input: 'src/entry-server.tsx' } } },
  },
});
