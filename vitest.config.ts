// Test projects: unit (pure code and React in jsdom), server (Fastify inject on a temp SQLite file), server-pg
// (the same tests with TEST_DB=postgres, on a PostgreSQL and a Redis of their own), e2e (Chromium).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nAlias } from './scripts/build/i18n-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: i18nAlias },
  test: {
    // Passwords hash at scrypt 2^12 in the suite (production: 2^17, server/domain/auth/password-hash.ts): at
    // 2^17 one hash takes 0.3–1 s of CPU and the suites create thousands of users. Test servers inherit it.
    env: { SCRYPT_LOG2N_FOR_TESTS: '12' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // DOM tests that walk several lazy screens take seconds on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph per worker instead of importing the whole server again each
          // (1.3 s a file, 131 files): the server keeps no state in modules that outlives an app, and every file
          // builds its own app on its own database. With the cheaper test apps (tests/server/helpers.ts) and the
          // crash test at 8 kills, the SQLite project went from 613 to 277 s on this machine.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The server tests again on PostgreSQL and Redis: one throw-away server of each for the run
        // (tests/support/services/global-setup.ts), a database of its own per test file (pg-test-db.ts), so
        // files still run in parallel.
        extends: true,
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          isolate: false, // as above
          globalSetup: ['tests/support/services/global-setup.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
