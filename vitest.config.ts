import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { NO_CHROMIUM } from './tests/support/no-chromium.ts';

export default defineConfig({
  test: {
    // Test files run two at a time at least (unit and integration; e2e keeps one at a time). Vitest's
    // default is one fewer than the cores: one at a time on a 2-core machine, where the integration
    // files spend most of their time waiting (on the crawl's per-host delay, on processes they
    // start, on leases running out): the whole suite used 0.7 of the 2 cores, one file after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The unit files first, among themselves: some time what they do on the CPU (a 100,000-row
      // list read within 10 s, a real page analysed within 5 s), which an integration file's
      // Chromium beside them would slow. Then the integration files, then e2e.
      // A unit test that takes 4 s alone (every Wappalyzer rule over every real page) took 5.5 s in a
      // CI run, past vitest's 5 s default: 20 s leaves room for a busy machine.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 }, testTimeout: 20_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One migrated database holding the admin, made once per run and copied by every harness.
          globalSetup: ['tests/integration/support/template-db.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 30_000,
          env: NO_CHROMIUM,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/e2e/support/csp-guard.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          env: NO_CHROMIUM,
        },
      },
    ],
  },
});
