/**
 * storage.rules for the emulator: loads the file with the shared rules engine, reloads it when it
 * changes (keeping the previous rules if the new text does not load) and answers "may this caller
 * do this?". Without a rules file every non-admin request is denied, as in production before any
 * rules are deployed.
 */
import { watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import type {
  CompiledRules,
  RulesDecision,
  RulesDocumentReader,
  RulesMethod,
  StorageObjectMetadata,
} from "../rules/api.js";
import type { Caller } from "../shared/auth.js";
import { loadRules } from "../rules/index.js";
import { decisionFields, type RequestDecision } from "../shared/rules-decisions.js";
import { permissionDenied } from "./errors.js";

export interface RulesCheck {
  method: RulesMethod;
  bucket: string;
  objectPath: string;
  resource: StorageObjectMetadata | null;
  requestResource: StorageObjectMetadata | null;
}

export type Logger = (message: string) => void;

export class StorageRules {
  private compiled: CompiledRules | null = null;
  private source: string | null = null;
  private watcher: FSWatcher | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();
  /** Receives the decision of every non-admin request (the emulator's decision log). */
  onDecision: ((decision: RequestDecision) => void) | undefined;

  private constructor(
    private readonly file: string | undefined,
    private readonly firestore: RulesDocumentReader | undefined,
    private readonly log: Logger,
  ) {}

  /** Loads the rules file; a file that does not load is an error here (nothing to fall back to). */
  static async open(
    file: string | undefined,
    firestore: RulesDocumentReader | undefined,
    log: Logger,
  ): Promise<StorageRules> {
    const rules = new StorageRules(file ? resolve(file) : undefined, firestore, log);
    if (rules.file) {
      const source = await readFile(rules.file, "utf8");
      rules.compiled = await compileStorageRules(source, rules.file);
      rules.source = source;
      rules.watch();
    }
    return rules;
  }

  get loaded(): boolean {
    return this.compiled !== null;
  }

  /** Throws a 403 StorageHttpError unless the caller is admin or the rules allow the request. */
  async authorize(caller: Caller, check: RulesCheck): Promise<void> {
    if (caller.kind === "admin") return;
    const decision = await this.decide(caller, check);
    this.onDecision?.({
      caller,
      method: check.method,
      path: check.objectPath,
      ...decisionFields(decision),
    });
    if (!decision.allowed) {
      this.log(
        `storage.rules denied ${check.method} on /b/${check.bucket}/o/${check.objectPath}: ${decision.reason}`,
      );
      throw permissionDenied(permissionMessage(check.method));
    }
  }

  async decide(caller: Caller, check: RulesCheck): Promise<RulesDecision> {
    if (caller.kind === "admin") return { allowed: true, reason: "admin request" };
    const compiled = this.compiled;
    if (!compiled) return { allowed: false, reason: "no storage.rules loaded: deny all" };
    try {
      return await compiled.evaluate({
        service: "firebase.storage",
        method: check.method,
        bucket: check.bucket,
        objectPath: check.objectPath,
        auth: caller.auth,
        time: new Date(),
        resource: check.resource,
        requestResource: check.requestResource,
        ...(this.firestore ? { firestore: this.firestore } : {}),
      });
    } catch (error) {
      // An evaluation failure is a denial, as errors in rules expressions are in production.
      return { allowed: false, reason: `rules evaluation failed: ${String(error)}` };
    }
  }

  /** Re-reads the file now; resolves once the attempt is done (whether or not it loaded). */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(() => this.reloadNow());
    return this.reloading;
  }

  close(): void {
    clearTimeout(this.reloadTimer);
    this.watcher?.close();
    this.watcher = undefined;
  }

  private async reloadNow(): Promise<void> {
    if (!this.file) return;
    let source: string;
    try {
      source = await readFile(this.file, "utf8");
    } catch (error) {
      this.log(
        `storage.rules: cannot read ${this.file} (${String(error)}); keeping previous rules`,
      );
      return;
    }
    if (source === this.source) return;
    try {
      this.compiled = await compileStorageRules(source, this.file);
      this.source = source;
      this.log(`storage.rules reloaded from ${this.file}`);
    } catch (error) {
      this.log(`storage.rules: ${errorText(error)}; keeping previous rules`);
    }
  }

  /** Watches the directory, not the file: editors often replace files by renaming over them. */
  private watch(): void {
    const file = this.file!;
    const name = basename(file);
    this.watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed.toString() !== name) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), 50);
    });
    this.watcher.on("error", (error) => this.log(`storage.rules watcher: ${String(error)}`));
  }
}

async function compileStorageRules(source: string, fileName: string): Promise<CompiledRules> {
  const compiled = loadRules(source, fileName);
  if (compiled.service !== "firebase.storage") {
    throw new Error(
      `${fileName}: expected 'service firebase.storage', found '${compiled.service}'`,
    );
  }
  return compiled;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function permissionMessage(method: RulesMethod): string {
  const access = method === "get" || method === "list" ? "READ" : method.toUpperCase();
  return `Permission denied. No ${access} permission.`;
}
