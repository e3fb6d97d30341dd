import { defineConfig } from 'vitest/config'

// Pothos and Yoga load graphql's CommonJS build; ours must be the same instance, not the ESM twin.
const oneGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] }

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summaryReporter.ts'],
    projects: [
      {
        resolve: oneGraphql,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'testing/**/*.test.ts',
            'devwallet/src/**/*.test.ts',
            'eslint/**/*.test.ts',
            'docs/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['testing/unitGlobalSetup.ts'],
          testTimeout: 20_000,
          // Setup starts real servers (an app, PostgreSQL, Anvil): on two busy cores that takes longer than 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
