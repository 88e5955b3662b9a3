import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: ["test/services/**"] },
      },
      {
        extends: true,
        // The service suites share the in-process Auth and Storage emulators, started only when
        // one of them runs.
        test: {
          name: "services",
          include: ["test/services/**/*.test.ts"],
          globalSetup: ["test/services/global-setup.ts"],
        },
      },
    ],
  },
});
