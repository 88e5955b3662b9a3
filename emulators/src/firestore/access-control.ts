/**
 * Security-rules checks for client requests. Admin callers bypass rules; without rules every
 * client request is denied (a locked-down project).
 */
import type {
  CompiledRules,
  FirestoreRulesRequest,
  RulesDocumentReader,
  RulesMethod,
} from "../rules/api.js";
import type { Caller } from "../shared/auth.js";
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
): Promise<void> {
  if (caller.kind === "admin") return;
  if (!rules) throw permissionDenied();
  const accessBudget = { used: 0, limit: accessLimit };
  for (const check of checks) {
    let allowed: boolean;
    try {
      const decision = await rules.evaluate({
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
      allowed = decision.allowed;
    } catch {
      allowed = false; // an evaluation error denies, as in Firestore
    }
    if (!allowed) throw permissionDenied();
  }
}
