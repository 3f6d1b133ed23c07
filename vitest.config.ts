import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // The AWS SDK warns that Node 20 will be unsupported in 2027; Lambda runs Node 22.
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
};

/**
 * Two tiers (PERF-6): unit tests are pure and start nothing, so `npm run test:unit` is
 * quick; every other tier shares one DynamoDB Local started by the global setup.
 * `vitest run` (inside `npm test`) runs both.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'storage',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
