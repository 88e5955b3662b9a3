/**
 * Security-rules checks for client requests. Admin callers bypass rules; without rules every
 * client request is denied (a locked-down project).
 */
import type {
  CompiledRules,
  FirestoreRulesRequest,
  RulesDecision,
  RulesDocumentReader,
  RulesMethod,
} from "../rules/api.js";
import type { Caller } from "../shared/auth.js";
import { decisionFields, type RequestDecision } from "../shared/rules-decisions.js";
import type { FirestoreDocument } from "../shared/value.js";
import { permissionDenied } from "./errors.js";

export interface AccessCheck {
  method: RulesMethod;
  documentPath: string;
  resource: FirestoreDocument | null;
  requestResource?: FirestoreDocument | null;
  query?: FirestoreRulesRequest["query"];
}

/** Documented rules limits on get()/exists() calls per request. */
export const SINGLE_ACCESS_LIMIT = 10;
export const MULTI_ACCESS_LIMIT = 20;

/** Turns a rules path ("/databases/(default)/documents/users/u1") into "users/u1". */
export function rulesPathToDocumentPath(path: string): string | null {
  const marker = "/documents/";
  const i = path.indexOf(marker);
  if (i < 0) return null;
  const rest = path.slice(i + marker.length).replace(/\/+$/, "");
  const segments = rest.split("/");
  if (rest === "" || segments.length % 2 !== 0 || segments.some((s) => s === "")) return null;
  return rest;
}

export async function checkAccess(
  rules: CompiledRules | null,
  caller: Caller,
  database: string,
  now: Date,
  checks: AccessCheck[],
  reader: RulesDocumentReader,
  readerAfter?: RulesDocumentReader,
  accessLimit = SINGLE_ACCESS_LIMIT,
  /** Receives one record per request: its first denial, or that every check was allowed. */
  record?: (decision: RequestDecision) => void,
): Promise<void> {
  if (caller.kind === "admin") return;
  const first = checks[0];
  const describe = (check: AccessCheck) =>
    check.method === "list"
      ? {
          method: check.method,
          path: check.documentPath.split("/").slice(0, -1).join("/"),
          documents: checks.length,
        }
      : { method: check.method, path: check.documentPath };
  if (!rules) {
    if (first) {
      record?.({
        caller,
        ...describe(first),
        allowed: false,
        reason: "No rules loaded: deny all.",
        rules: [],
      });
    }
    throw permissionDenied();
  }
  const accessBudget = { used: 0, limit: accessLimit };
  let granted: RulesDecision | undefined;
  for (const check of checks) {
    let decision: RulesDecision;
    try {
      decision = await rules.evaluate({
        service: "cloud.firestore",
        method: check.method,
        database,
        documentPath: check.documentPath,
        auth: caller.auth,
        time: now,
        resource: check.resource,
        requestResource: check.requestResource ?? null,
        query: check.query,
        reader,
        readerAfter,
        accessBudget,
      });
    } catch (err) {
      // An evaluation error denies, as in Firestore.
      decision = { allowed: false, reason: `Rules evaluation failed: ${String(err)}` };
    }
    if (!decision.allowed) {
      record?.({ caller, ...describe(check), ...decisionFields(decision) });
      throw permissionDenied();
    }
    granted ??= decision;
  }
  if (first && granted) record?.({ caller, ...describe(first), ...decisionFields(granted) });
}
