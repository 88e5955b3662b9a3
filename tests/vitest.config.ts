import { defineConfig } from "vitest/config";

// Rules suites start their own emulators on ephemeral ports, so they run in parallel and never
// need the full local stack.
export default defineConfig({
  test: {
    include: ["rules/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
