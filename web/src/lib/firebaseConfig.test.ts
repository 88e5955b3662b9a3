import { describe, expect, it } from "vitest";
import { emulatorPorts, firebaseConfig, usesEmulators } from "./firebaseConfig";

describe("firebase config", () => {
  it("falls back to the demo project, which always talks to the local emulators", () => {
    expect(firebaseConfig.projectId).toBe("demo-platform");
    expect(usesEmulators).toBe(true);
  });

  it("uses the emulator ports that firebase.json declares", async () => {
    const { readFile } = await import("node:fs/promises");
    const config = JSON.parse(await readFile(new URL("../../../firebase.json", import.meta.url), "utf8"));
    if (!emulatorPorts) throw new Error("a demo build carries the emulator ports");
    expect(config.emulators.auth.port).toBe(emulatorPorts.auth);
    expect(config.emulators.firestore.port).toBe(emulatorPorts.firestore);
    expect(config.emulators.storage.port).toBe(emulatorPorts.storage);
    expect(config.emulators.functions.port).toBe(emulatorPorts.functions);
  });
});
