// The test projects: fast unit tests in Node, the host adapters on real engines (nginx, workerd), browser tests in Debian's Chromium against a served build, and what a visitor sees and does in WebKit.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/sequencer.ts';

// Every build of the suite (dozens of fixture configs, in this process, its workers and the CLIs
// they start) shares one image and compression cache: each image is encoded once per machine,
// not once per fixture folder. Entries are named by content hash, so sharing is safe.
process.env.STORE_LANDING_CACHE_DIR ??= path.resolve('node_modules/.cache/store-landing-tests');

/** Every project's setup: each file's temporary folders are removed after it. */
const TEMPORARY_DIRS = 'tests/remove-temporary-dirs.ts';

export default defineConfig({
  test: {
    // One file more than there are cores: the browser tests wait (for a tap's redirect, a cookie
    // poll, a held request) while their page idles, and one more file fills that time for little
    // more CPU.
    maxWorkers: availableParallelism() + 1,
    // The longest files first, across the projects (tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // A worker runs its test files one after another in one process, not a process each,
          // which spares loading the modules again per file. A file that changes the environment or mocks
          // restores them in its own after-hooks.
          isolate: false,
          setupFiles: [TEMPORARY_DIRS],
          // Builds encode images on a cold cache: slow on a busy 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'hosts',
          include: ['tests/hosts/**/*.test.ts'],
          isolate: false,
          setupFiles: [TEMPORARY_DIRS],
          // nginx and workerd start quickly; the limits leave room for a busy 2-core machine.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // One process per worker here too: Puppeteer and the helpers load once per worker instead
          // of once per file, and browserTest's files share its Chromium (browser.ts).
          isolate: false,
          exclude: ['tests/browser/timing/**'],
          globalSetup: ['tests/browser/global-setup.ts'],
          setupFiles: [TEMPORARY_DIRS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // What a visitor sees and does, in WebKit: WebKitWebDriver and MiniBrowser under Xvfb (tests/webkit/).
        test: {
          name: 'webkit',
          include: ['tests/webkit/**/*.test.ts'],
          exclude: ['tests/webkit/timing/**'],
          isolate: false,
          globalSetup: ['tests/webkit/display-setup.ts', 'tests/webkit/global-setup.ts'],
          setupFiles: [TEMPORARY_DIRS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Real-time bounds (a redirect 1000 ms after a tap, a 500 ms cookie poll, a tap on a slow phone),
        // in Chromium and in WebKit, on a machine that is not also running the rest of the suite: after
        // every other project, one file at a time.
        test: {
          name: 'timing',
          include: ['tests/browser/timing/**/*.test.ts', 'tests/webkit/timing/**/*.test.ts'],
          globalSetup: ['tests/webkit/display-setup.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          setupFiles: [TEMPORARY_DIRS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
