/**
 * The life of an emulator, the same for Firestore and Storage: refuse a non-loopback address
 * unless allowed; load the rules file (and follow its changes); load the data, either journaled
 * (crash-safe, see firestore/durable-store.ts and storage/object-journal.ts) or imported once;
 * open the port; export on request and on close. Each emulator supplies its data store, journal
 * and server; the order of these steps and the clean-up on failure live here only.
 */
import { assertLocalListen } from "./local-access.js";
import { openRulesFile, type RulesFile } from "./rules-file.js";
import type { CompiledRules } from "../rules/index.js";

/** An emulator's data: what import and a journal-less export need. */
export interface EmulatorData {
  importFrom(dir: string): Promise<void>;
  exportTo(dir: string): Promise<void>;
}

/** A journal under the export directory: every acknowledged change survives a killed process. */
export interface EmulatorJournal {
  /** Exports a snapshot and drops the journal it covers. */
  compact(): Promise<void>;
  /** Final export, then the journal is removed. */
  close(): Promise<void>;
}

/** The open port. */
export interface EmulatorServer {
  port: number;
  /** Stops accepting requests and ends the open connections. */
  stop(): Promise<void>;
}

export interface LifecycleOptions {
  host?: string;
  allowRemote?: boolean;
  importDir?: string;
  exportDir?: string;
  /** Journal under exportDir (default: on whenever exportDir is set). */
  journal?: boolean;
  rulesFile?: string;
}

export interface LifecycleParts {
  /** Log lines, already prefixed with the emulator's name; warn is for what goes wrong. */
  info(message: string): void;
  warn(message: string): void;
  rules?: { service: CompiledRules["service"]; apply(rules: CompiledRules): void };
  data: EmulatorData;
  /** Opens the journal: loads the last export (or importDir) plus what the journal holds. */
  openJournal(exportDir: string, importDir: string | undefined): Promise<EmulatorJournal>;
  /** Opens the port on host. */
  serve(host: string): Promise<EmulatorServer>;
  /** Runs last, after a failed start or after close (temporary files, upload sessions…). */
  cleanUp?(outcome: "failed" | "closed"): Promise<void>;
}

export interface RunningLifecycle {
  host: string;
  port: number;
  journaled: boolean;
  /** Writes the data to exportDir now (no-op without exportDir). */
  exportNow(): Promise<void>;
  /** Stops serving first (no change may land after the final export), then exports. */
  close(): Promise<void>;
}

export async function startLifecycle(
  opts: LifecycleOptions,
  parts: LifecycleParts,
): Promise<RunningLifecycle> {
  const host = opts.host ?? "127.0.0.1";
  assertLocalListen(host, opts.allowRemote);
  const journaled = opts.exportDir !== undefined && opts.journal !== false;

  let rulesFile: RulesFile | undefined;
  let journal: EmulatorJournal | undefined;
  let server: EmulatorServer;
  try {
    if (opts.rulesFile && parts.rules) {
      const { service, apply } = parts.rules;
      rulesFile = await openRulesFile({
        file: opts.rulesFile,
        service,
        apply,
        info: parts.info,
        warn: parts.warn,
      });
    }
    if (journaled) {
      journal = await parts.openJournal(opts.exportDir!, opts.importDir);
    } else if (opts.importDir) {
      await parts.data.importFrom(opts.importDir);
      parts.info(`imported data from ${opts.importDir}`);
    }
    // Port taken or host unknown: what was set up is released so the caller may retry.
    server = await parts.serve(host);
  } catch (err) {
    rulesFile?.close();
    await journal?.close();
    await parts.cleanUp?.("failed");
    throw err;
  }

  const exportNow = async () => {
    if (!opts.exportDir) return;
    if (journal) await journal.compact();
    else await parts.data.exportTo(opts.exportDir);
    parts.info(`exported data to ${opts.exportDir}`);
  };

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      rulesFile?.close();
      try {
        await server.stop();
        if (journal) {
          await journal.close();
          parts.info(`exported data to ${opts.exportDir}`);
        } else {
          await exportNow();
        }
      } finally {
        await parts.cleanUp?.("closed");
      }
    })());

  return { host, port: server.port, journaled, exportNow, close };
}
