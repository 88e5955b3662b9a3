/** The stack's ports come from firebase.json; a config without them fails loudly. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emulatorPortsOf, loadStackPorts, repoRoot } from "../src/config.js";

describe("stack ports", () => {
  it("reads every emulator's port from the repository's firebase.json", () => {
    const json = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as {
      emulators: Record<string, { port: number }>;
    };
    const ports = loadStackPorts();
    for (const name of ["hub", "logging", "hosting", "functions", "firestore", "auth", "storage"]) {
      expect(ports[name as keyof typeof ports]).toBe(json.emulators[name]!.port);
    }
    expect(ports.console).toBe(4000);
    expect(ports.vite).toBe(5173);
  });

  it("names the entry that is missing or not a port", () => {
    const emulators = {
      hub: { port: 1 },
      logging: { port: 2 },
      hosting: { port: 3 },
      functions: { port: 4 },
      firestore: { port: 5 },
      auth: { port: 6 },
      storage: { port: 7 },
    };
    expect(emulatorPortsOf(JSON.stringify({ emulators })).storage).toBe(7);
    expect(() =>
      emulatorPortsOf(JSON.stringify({ emulators: { ...emulators, auth: {} } }), "f.json"),
    ).toThrow("f.json: emulators.auth.port must be a port number.");
    expect(() =>
      emulatorPortsOf(JSON.stringify({ emulators: { ...emulators, hub: { port: "4400" } } })),
    ).toThrow("emulators.hub.port");
  });
});
