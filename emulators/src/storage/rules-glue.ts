/**
 * storage.rules for the emulator: answers "may this caller do this?" with the rules the emulator
 * serves: a bucket's own rules when they were set for it (a test suite's, through the control
 * endpoint), else the default rules (the rules file, loaded and followed by shared/rules-file.ts).
 * So a suite that sets rules for its bucket leaves every other bucket, e.g. the running app's,
 * as it was. Without rules every non-admin request is denied, as in production before any rules
 * are deployed.
 */
import type {
  CompiledRules,
  RulesDecision,
  RulesDocumentReader,
  RulesMethod,
  StorageObjectMetadata,
} from "../rules/api.js";
import type { Caller } from "../shared/auth.js";
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
  private readonly bucketRules = new Map<string, CompiledRules>();
  /** Receives the decision of every non-admin request (the emulator's decision log). */
  onDecision: ((decision: RequestDecision) => void) | undefined;

  constructor(
    private readonly firestore: RulesDocumentReader | undefined,
    private readonly log: Logger,
  ) {}

  /** The default rules from now on (the rules file at start, then each edit that loads). */
  setRules(rules: CompiledRules): void {
    this.compiled = rules;
  }

  /** Rules of one bucket only; null gives the bucket back to the default rules. */
  setBucketRules(bucket: string, rules: CompiledRules | null): void {
    if (rules) this.bucketRules.set(bucket, rules);
    else this.bucketRules.delete(bucket);
  }

  /** Whether default rules are loaded (buckets with their own rules aside). */
  get loaded(): boolean {
    return this.compiled !== null;
  }

  /** The rules in force for a bucket: its own, else the default ones. */
  rulesFor(bucket: string): CompiledRules | null {
    return this.bucketRules.get(bucket) ?? this.compiled;
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
    const compiled = this.rulesFor(check.bucket);
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
}

function permissionMessage(method: RulesMethod): string {
  const access = method === "get" || method === "list" ? "READ" : method.toUpperCase();
  return `Permission denied. No ${access} permission.`;
}
