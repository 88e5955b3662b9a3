/**
 * Retries without duplicates: a state-changing call that carries an `Idempotency-Key` runs once
 * per caller and key within 24 hours; a repeat gets the stored answer (`Idempotent-Replayed:
 * true`). The key is claimed in a transaction before the handler runs, so a duplicate that
 * arrives while the first is still working waits for its answer instead of running too. The same
 * key with another method, path or body is refused (422). 5xx answers are not kept, so a retry
 * after a server failure runs again. Calls without a verified caller pass through untouched (the
 * endpoint answers them), as do multipart uploads (a repeated upload replaces the same image).
 */
import { createHash } from "node:crypto";
import type { DocumentReference } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import type { Request, RequestHandler, Response } from "express";
import { logger } from "firebase-functions";
import { messages, paths } from "@platform/common";
import { db } from "../firebase.js";
import { authenticate } from "./auth.js";
import { sendError } from "./respond.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim older than the function's timeout belongs to an instance that died mid-call. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** How long a duplicate waits for the first call's answer before giving up with 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 200;

interface CallFingerprint {
  uid: string;
  method: string;
  path: string;
  bodyHash: string;
}

interface IdempotencyDoc extends CallFingerprint {
  state: "pending" | "done";
  status?: number;
  /** The answer's JSON text. */
  response?: string;
  claimedAt: Timestamp;
  expiresAt: Timestamp;
}

type Claim =
  | { kind: "claimed" }
  | { kind: "busy" }
  | { kind: "mismatch" }
  | { kind: "replay"; status: number; body: unknown };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export const idempotentRetries: RequestHandler = (req, res, next) => {
  runOnce(req, res).then((proceed) => (proceed ? next() : undefined), next);
};

/** Answers a repeat itself; true when the handler should run. */
async function runOnce(req: Request, res: Response): Promise<boolean> {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (!STATE_CHANGING.has(req.method) || key === undefined) return true;
  if (!KEY_PATTERN.test(key)) {
    sendError(res, 400, messages.limits.idempotencyKeyInvalid);
    return false;
  }
  if (req.is("multipart/form-data")) return true;
  const user = await authenticate(req);
  if (!user) return true;
  const call: CallFingerprint = {
    uid: user.uid,
    method: req.method,
    path: req.originalUrl.split("?")[0]!,
    bodyHash: sha256(JSON.stringify(req.body ?? null)),
  };
  const ref = db()
    .collection(paths.idempotencyKeys)
    .doc(sha256(`${user.uid}:${key}`)) as DocumentReference<IdempotencyDoc>;

  const started = Date.now();
  let claim = await claimKey(ref, call);
  while (claim.kind === "busy" && Date.now() - started < WAIT_FOR_FIRST_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    claim = await claimKey(ref, call);
  }
  switch (claim.kind) {
    case "claimed":
      keepAnswer(res, ref);
      return true;
    case "replay":
      res.status(claim.status).set(REPLAYED_HEADER, "true").json(claim.body);
      return false;
    case "mismatch":
      sendError(res, 422, messages.limits.idempotencyKeyReused);
      return false;
    case "busy":
      sendError(res, 409, messages.limits.idempotencyInProgress);
      return false;
  }
}

function claimKey(ref: DocumentReference<IdempotencyDoc>, call: CallFingerprint): Promise<Claim> {
  return db().runTransaction(async (tx): Promise<Claim> => {
    const now = Date.now();
    const doc = (await tx.get(ref)).data();
    if (doc && doc.expiresAt.toMillis() > now) {
      const same =
        doc.method === call.method && doc.path === call.path && doc.bodyHash === call.bodyHash;
      if (!same) return { kind: "mismatch" };
      if (doc.state === "done") {
        return { kind: "replay", status: doc.status!, body: JSON.parse(doc.response ?? "null") };
      }
      if (doc.claimedAt.toMillis() + CLAIM_LEASE_MS > now) return { kind: "busy" };
    }
    tx.set(ref, {
      ...call,
      state: "pending",
      claimedAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(now + KEEP_MS),
    });
    return { kind: "claimed" };
  });
}

/** Stores the handler's JSON answer before it leaves; a 5xx releases the key instead. */
function keepAnswer(res: Response, ref: DocumentReference<IdempotencyDoc>): void {
  const send = res.json.bind(res);
  res.json = ((body: unknown) => {
    res.json = send;
    const status = res.statusCode;
    const saved =
      status >= 500
        ? ref.delete()
        : ref.update({ state: "done", status, response: JSON.stringify(body ?? null) });
    saved
      .catch((err: unknown) => logger.warn("idempotency answer not stored", { error: String(err) }))
      .finally(() => send(body));
    return res;
  }) as Response["json"];
}
