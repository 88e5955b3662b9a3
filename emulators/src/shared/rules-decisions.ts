/**
 * The rules decisions an emulator made for client requests, kept in a bounded ring buffer and
 * published at `GET /emulator/v1/rules-decisions?since=<seq>` so tools (the local console) can
 * show why a request was allowed or refused without reaching into the emulator's memory.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RuleReference, RulesDecision, RulesMethod } from "../rules/api.js";
import type { Caller } from "./auth.js";
import { checkOrigin, type OriginCheck } from "./local-access.js";

export const RULES_DECISIONS_PATH = "/emulator/v1/rules-decisions";

export interface RulesDecisionRecord {
  /** Increasing per emulator; a poller asks for everything after the last one it saw. */
  seq: number;
  time: string;
  service: "firestore" | "storage";
  method: RulesMethod;
  /** Document path ("users/u1"), the collection of a query, or the object path. */
  path: string;
  /** For a query: how many documents the rules were evaluated on. */
  documents?: number;
  uid: string | null;
  /** The `role` custom claim of the caller's token, when it has one. */
  role: string | null;
  allowed: boolean;
  reason: string;
  rules: RuleReference[];
}

export type RulesDecisionInput = Omit<RulesDecisionRecord, "seq" | "time" | "uid" | "role"> & {
  caller: Caller;
};

/** A decision as the emulator reports it, before the log adds its service. */
export type RequestDecision = Omit<RulesDecisionInput, "service">;

const DEFAULT_CAPACITY = 1000;

export class RulesDecisionLog {
  private readonly records: RulesDecisionRecord[] = [];
  private nextSeq = 1;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  add(input: RulesDecisionInput): void {
    const { caller, ...rest } = input;
    const auth = caller.kind === "user" ? caller.auth : null;
    const role = auth?.token.role;
    this.records.push({
      seq: this.nextSeq++,
      time: new Date().toISOString(),
      uid: auth?.uid ?? null,
      role: typeof role === "string" ? role : null,
      ...rest,
    });
    if (this.records.length > this.capacity)
      this.records.splice(0, this.records.length - this.capacity);
  }

  /** Records with a sequence number above `since`, oldest first. */
  since(since: number): RulesDecisionRecord[] {
    const first = this.records.findIndex((r) => r.seq > since);
    return first < 0 ? [] : this.records.slice(first);
  }

  /** The sequence number the next record gets (a poller starting now passes this minus one). */
  get next(): number {
    return this.nextSeq;
  }
}

/** A decision of the rules engine turned into the fields a record keeps. */
export function decisionFields(
  decision: RulesDecision,
): Pick<RulesDecisionRecord, "allowed" | "reason" | "rules"> {
  return { allowed: decision.allowed, reason: decision.reason, rules: decision.rules ?? [] };
}

/**
 * Answers `GET /emulator/v1/rules-decisions` (same origin rules as the emulator's other
 * endpoints) and passes every other request on to `next`.
 */
export function withRulesDecisionsEndpoint(
  log: RulesDecisionLog,
  allows: OriginCheck,
  next: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== RULES_DECISIONS_PATH || req.method !== "GET") return next(req, res);
    checkOrigin(req, res, allows);
    const since = Number(url.searchParams.get("since") ?? "0");
    const records = log.since(Number.isFinite(since) ? since : 0);
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ decisions: records, next: log.next }));
  };
}
