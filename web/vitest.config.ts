import { defineConfig } from "vitest/config";
import { emulatorPortsDefine } from "./build/emulator-ports";

export default defineConfig({
  // The unit suites run as the demo build does (no project configured).
  define: emulatorPortsDefine(true),
  test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"] },
});
