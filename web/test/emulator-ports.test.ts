import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { EMULATOR_PORTS, emulatorPortsDefine } from "../build/emulator-ports";

describe("the emulator ports a build carries", () => {
  it("are firebase.json's, for a demo build", async () => {
    const config = JSON.parse(
      await readFile(new URL("../../firebase.json", import.meta.url), "utf8"),
    ) as { emulators: Record<string, { port: number }> };
    const injected = JSON.parse(emulatorPortsDefine(true).__EMULATOR_PORTS__) as Record<
      string,
      number
    >;
    expect(injected).toEqual(EMULATOR_PORTS);
    for (const [name, port] of Object.entries(injected)) {
      expect(port, name).toBe(config.emulators[name]!.port);
    }
  });

  it("are none at all for a real project's build", () => {
    expect(emulatorPortsDefine(false)).toEqual({ __EMULATOR_PORTS__: "null" });
  });
});
