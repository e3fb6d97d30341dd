import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'devwallet/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['testing/unitGlobalSetup.ts'],
          testTimeout: 20_000,
        },
      },
      {
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
