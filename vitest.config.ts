// Three test projects: fast unit tests in Node, the host adapters on real engines (nginx, workerd), and browser tests in Debian's Chromium against a served build.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Builds encode images on a cold cache: slow on a busy 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'hosts',
          include: ['tests/hosts/**/*.test.ts'],
          // nginx and workerd start in a second or two; a busy 2-core machine can take longer.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
