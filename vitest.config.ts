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
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
