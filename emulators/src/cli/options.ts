/**
 * Command-line options of `emulators` (cli/emulators.ts), parsed without side effects so they can
 * be tested. A project's firebase.json (`--config`) supplies ports, host and rules files the way
 * firebase-tools reads them; explicit flags win over it.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseLatency } from "../firestore/latency.js";
import type { StartEmulatorsOptions } from "../lib/start.js";

export const USAGE = `usage: emulators [options]

Starts the Cloud Firestore (REST and gRPC on one port) and Cloud Storage emulators in one process,
Storage's firestore.get()/exists() rules wired to that Firestore. Ctrl-C / SIGTERM export (with
--export-on-exit) and stop.

  --config <firebase.json>    read ports, host and rules files from a Firebase project's config
  --only firestore,storage    start only these (default: both)
  --project <id>              project id (default: $GCLOUD_PROJECT, else demo-project)
  --host <address>            listening address (default 127.0.0.1)
  --firestore-port <n>        default 8080 (0 picks a free port)
  --storage-port <n>          default 9199
  --firestore-rules <file>    firestore.rules; without it only admin requests get through
  --storage-rules <file>      storage.rules; without it every non-admin request is denied
  --import <dir>              start from an export (<dir>/firestore, <dir>/storage)
  --export-on-exit <dir>      journal every acknowledged write there, export on exit
  --cors-origin <origin>      a browser origin allowed besides loopback ones (repeatable)
  --allow-remote              allow a non-loopback --host (anyone reaching the port owns the data)
  --latency <40ms>            Firestore: every request waits this long, like a production round trip
  --quiet                     no log lines
  --help                      this text`;

const SERVICES = ["firestore", "storage"] as const;
type Service = (typeof SERVICES)[number];

export type CliResult = { help: true } | { help: false; options: StartEmulatorsOptions };

/** What firebase.json says about one emulator. */
interface FirebaseJsonEmulator {
  host?: string;
  port?: number;
  rules?: string;
}

export function parseCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  readText: (file: string) => string = (file) => readFileSync(file, "utf8"),
): CliResult {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      config: { type: "string" },
      only: { type: "string" },
      project: { type: "string" },
      host: { type: "string" },
      "firestore-port": { type: "string" },
      "storage-port": { type: "string" },
      "firestore-rules": { type: "string" },
      "storage-rules": { type: "string" },
      import: { type: "string" },
      "export-on-exit": { type: "string" },
      "cors-origin": { type: "string", multiple: true, default: [] },
      "allow-remote": { type: "boolean", default: false },
      latency: { type: "string", default: "0" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return { help: true };

  const config = values.config ? readFirebaseJson(values.config, readText) : {};
  const only = parseOnly(values.only);
  const host = values.host ?? config.firestore?.host ?? config.storage?.host;
  const service = (name: Service, portFlag?: string, rulesFlag?: string, defaultPort = 0) => {
    if (!only.has(name)) return false as const;
    const fromConfig = config[name];
    return {
      port: portFlag !== undefined ? parsePort(portFlag) : (fromConfig?.port ?? defaultPort),
      rulesFile: rulesFlag !== undefined ? resolve(rulesFlag) : fromConfig?.rules,
    };
  };
  return {
    help: false,
    options: {
      host,
      projectId: values.project ?? env.GCLOUD_PROJECT ?? "demo-project",
      firestore: service("firestore", values["firestore-port"], values["firestore-rules"], 8080),
      storage: service("storage", values["storage-port"], values["storage-rules"], 9199),
      importDir: values.import && resolve(values.import),
      exportDir: values["export-on-exit"] && resolve(values["export-on-exit"]),
      quiet: values.quiet,
      corsOrigins: values["cors-origin"],
      allowRemote: values["allow-remote"],
      latencyMs: parseLatency(values.latency),
    },
  };
}

function parseOnly(text: string | undefined): Set<Service> {
  if (text === undefined) return new Set(SERVICES);
  const names = text.split(",").map((name) => name.trim());
  for (const name of names) {
    if (!(SERVICES as readonly string[]).includes(name)) {
      throw new Error(`Unknown emulator '${name}' in --only: expected firestore and/or storage.`);
    }
  }
  return new Set(names as Service[]);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new Error(`Invalid port '${text}'.`);
  return port;
}

/**
 * The emulator part of a firebase.json: `emulators.<name>.{host,port}`, and the rules files of
 * `firestore.rules` and `storage.rules` (an object or, with several buckets, the first entry),
 * resolved against the file's folder as firebase-tools does.
 */
function readFirebaseJson(
  file: string,
  readText: (file: string) => string,
): Partial<Record<Service, FirebaseJsonEmulator>> {
  const path = resolve(file);
  let json: unknown;
  try {
    json = JSON.parse(readText(path));
  } catch (err) {
    throw new Error(`Cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const root = dirname(path);
  const object = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const config = object(json);
  const emulators = object(config.emulators);
  const rulesOf = (section: unknown): string | undefined => {
    const entry = Array.isArray(section) ? section[0] : section;
    const rules = object(entry).rules;
    return typeof rules === "string" ? resolve(root, rules) : undefined;
  };
  const result: Partial<Record<Service, FirebaseJsonEmulator>> = {};
  for (const name of SERVICES) {
    const entry = object(emulators[name]);
    result[name] = {
      host: typeof entry.host === "string" ? entry.host : undefined,
      port: typeof entry.port === "number" ? entry.port : undefined,
      rules: rulesOf(config[name]),
    };
  }
  return result;
}
