import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The server render (src/entry-server.tsx) is tested from its source, with the client's '@' imports.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/graph/**/*.test.ts', 'tests/integration/**/*.test.ts', 'machines/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    execArgv: ['--disable-warning=ExperimentalWarning'],
    // Tests wait on what the product signals; the time-outs only end a test that hangs. They are generous
    // because the suite must pass on a busy 2-core machine, where a chat test that takes 10 s when the
    // machine is quiet took 31 s beside four other engineers' runs (CI, 2026-11-28).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // PGlite opens are CPU-heavy (WASM); two workers match the two cores.
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
  },
});
