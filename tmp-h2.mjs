import { chromium, devices } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--disable-dev-shm-usage'] });
for (const opts of [{}, { locale: 'en-US' }, { ...devices['Moto G4'] }, { locale: 'de-DE', viewport: { width: 412, height: 823 } }]) {
  const ctx = await b.newContext(opts);
  const page = await ctx.newPage();
  const errs = [];
  page.on('console', (m) => { if (m.type() === 'error') errs.push(m.text().slice(0,200)); });
  page.on('pageerror', (e) => errs.push('pageerror: ' + e.message.slice(0,200)));
  page.on('request', (r) => { if (r.url().endsWith(':5307/')) console.log('  accept-language:', r.headers()['accept-language']); });
  await page.goto('http://127.0.0.1:5307/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  console.log(JSON.stringify(opts).slice(0,80), await page.evaluate(() => navigator.languages), errs);
  await ctx.close();
}
await b.close();
