import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_URL } from './tests/e2e/e2e-env.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : [['list']],
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // Tests tagged @after-all compare the whole marketplace's figures before and after (demo mode writes
  // nothing): they run once every other test has finished, so no other spec changes the figures meanwhile.
  projects: [
    { name: 'de', use: { locale: 'de-DE' }, metadata: { lang: 'de' }, grepInvert: /@after-all/ },
    { name: 'en', use: { locale: 'en-US' }, metadata: { lang: 'en' }, grepInvert: /@after-all/ },
    { name: 'de-after-all', use: { locale: 'de-DE' }, metadata: { lang: 'de' }, grep: /@after-all/, dependencies: ['de', 'en'] },
    { name: 'en-after-all', use: { locale: 'en-US' }, metadata: { lang: 'en' }, grep: /@after-all/, dependencies: ['de', 'en'] },
  ],
  webServer: {
    command: `node --disable-warning=ExperimentalWarning scripts/e2e-server.ts`,
    url: `${E2E_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
