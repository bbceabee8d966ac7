// The host adapter tests on their own (generator/hosts): real nginx and workerd, Netlify's and Vercel's published rule code.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'hosts',
    include: ['tests/hosts/**/*.test.ts'],
    // nginx and workerd start in a second or two; a busy 2-core machine can take longer.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
