// Draws the app icons (web app manifest, Apple touch icon) from the logo in public/favicon.svg and rasterises
// them once with Debian's Chromium through Playwright: no image package, nothing downloaded. The PNGs are
// committed; run again only when the logo changes:  node scripts/make-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public/icons');
const BRAND = '#e11d48';
// The bolt of public/favicon.svg, on a 64 × 64 grid.
const BOLT = 'M36 8 18 36h12l-4 20 20-30H34z';

/** The bolt on the brand colour; `scale` shrinks it around the centre, `radius` rounds the corners. */
function svg(size: number, { scale, radius }: { scale: number; radius: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(32 32) scale(${scale}) translate(-32 -32)"><path d="${BOLT}" fill="#fff"/></g>
</svg>`;
}

const ICONS = [
  // 'any': the favicon's rounded square, transparent corners.
  { file: 'icon-192.png', size: 192, scale: 1, radius: 14 },
  { file: 'icon-512.png', size: 512, scale: 1, radius: 14 },
  // 'maskable': full bleed, the bolt inside the central safe circle (radius 40 % of the icon).
  { file: 'icon-maskable-512.png', size: 512, scale: 0.72, radius: 0 },
  // iOS rounds the corners itself and shows no transparency.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.82, radius: 0 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  fs.mkdirSync(out, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size} × ${icon.size})`);
  }
} finally {
  await browser.close();
}
