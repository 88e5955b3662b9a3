/** The `emulators` command line: flags, a project's firebase.json, and bad input. */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCli } from "../src/cli/options.js";

const FIREBASE_JSON = JSON.stringify({
  firestore: { rules: "firestore.rules", indexes: "firestore.indexes.json" },
  storage: [{ bucket: "b1", rules: "rules/storage.rules" }],
  emulators: {
    firestore: { host: "127.0.0.1", port: 8181 },
    storage: { host: "127.0.0.1", port: 9191 },
    auth: { port: 9099 },
  },
});

const read = (files: Record<string, string>) => (file: string) => {
  const text = files[file];
  if (text === undefined) throw new Error(`ENOENT: ${file}`);
  return text;
};

function options(argv: string[], env: NodeJS.ProcessEnv = {}, files: Record<string, string> = {}) {
  const parsed = parseCli(argv, env, read(files));
  if (parsed.help) throw new Error("unexpected --help");
  return parsed.options;
}

describe("emulators command line", () => {
  it("defaults to both emulators on the official ports, without rules", () => {
    const o = options([]);
    expect(o.firestore).toEqual({ port: 8080, rulesFile: undefined });
    expect(o.storage).toEqual({ port: 9199, rulesFile: undefined });
    expect(o.projectId).toBe("demo-project");
    expect(o.latencyMs).toBe(0);
    expect(o.allowRemote).toBe(false);
  });

  it("takes ports, host and rules files from firebase.json, relative to its folder", () => {
    const config = resolve("/p/firebase.json");
    const o = options(["--config", config], {}, { [config]: FIREBASE_JSON });
    expect(o.host).toBe("127.0.0.1");
    expect(o.firestore).toEqual({ port: 8181, rulesFile: resolve("/p/firestore.rules") });
    expect(o.storage).toEqual({ port: 9191, rulesFile: resolve("/p/rules/storage.rules") });
  });

  it("lets flags win over firebase.json and the environment", () => {
    const config = resolve("/p/firebase.json");
    const o = options(
      ["--config", config, "--firestore-port", "0", "--storage-rules", "x.rules", "--project", "p"],
      { GCLOUD_PROJECT: "from-env" },
      { [config]: FIREBASE_JSON },
    );
    expect(o.firestore).toEqual({ port: 0, rulesFile: resolve("/p/firestore.rules") });
    expect(o.storage).toEqual({ port: 9191, rulesFile: resolve("x.rules") });
    expect(o.projectId).toBe("p");
  });

  it("starts only what --only names and reads the project from GCLOUD_PROJECT", () => {
    const o = options(["--only", "storage"], { GCLOUD_PROJECT: "demo-x" });
    expect(o.firestore).toBe(false);
    expect(o.storage).toEqual({ port: 9199, rulesFile: undefined });
    expect(o.projectId).toBe("demo-x");
  });

  it("parses the remaining flags", () => {
    const o = options([
      "--import",
      "in",
      "--export-on-exit",
      "out",
      "--cors-origin",
      "http://a:1",
      "--cors-origin",
      "http://b:2",
      "--allow-remote",
      "--host",
      "0.0.0.0",
      "--latency",
      "0.1s",
      "--quiet",
    ]);
    expect(o).toMatchObject({
      importDir: resolve("in"),
      exportDir: resolve("out"),
      corsOrigins: ["http://a:1", "http://b:2"],
      allowRemote: true,
      host: "0.0.0.0",
      latencyMs: 100,
      quiet: true,
    });
  });

  it("answers --help", () => {
    expect(parseCli(["--help"], {})).toEqual({ help: true });
  });

  it("refuses bad input with a message naming it", () => {
    expect(() => options(["--only", "auth"])).toThrow("Unknown emulator 'auth'");
    expect(() => options(["--firestore-port", "70000"])).toThrow("Invalid port '70000'");
    expect(() => options(["--storage-port", "abc"])).toThrow("Invalid port 'abc'");
    expect(() => options(["--latency", "fast"])).toThrow('Invalid latency "fast"');
    expect(() => options(["--config", "/nope.json"])).toThrow("Cannot read");
    expect(() => options(["--bogus"])).toThrow();
  });
});
