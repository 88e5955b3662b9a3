import { defineConfig } from "vitest/config";

// End-to-end suites share one local stack on the standard ports, so files run one after another.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["support/global-stack.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
