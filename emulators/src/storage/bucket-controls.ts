/**
 * Control endpoints for one bucket, so that a test suite (or a tool) working on its own bucket
 * leaves the others, e.g. a running app's default bucket, as they were:
 *   PUT    /emulator/v1/buckets/{bucket}:securityRules   {"rules":{"files":[{"name","content"}]}}
 *          the bucket's own rules (firebase.storage), in force for it instead of the rules file
 *   DELETE /emulator/v1/buckets/{bucket}:securityRules   the bucket follows the rules file again
 *   DELETE /emulator/v1/buckets/{bucket}/objects         deletes the bucket's objects and uploads
 * The rules file stays the default for every bucket without rules of its own; nothing here
 * replaces it for all buckets at once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadRules, RulesLoadError } from "../rules/index.js";
import { badRequest } from "./errors.js";
import { readJsonBody, sendJson } from "./http.js";
import type { StorageRules } from "./rules-glue.js";

export interface BucketControls {
  rules: StorageRules;
  clearBucket(bucket: string): Promise<void>;
}

const RULES_PATH = /^\/emulator\/v1\/buckets\/([^/:]+):securityRules$/;
const OBJECTS_PATH = /^\/emulator\/v1\/buckets\/([^/:]+)\/objects$/;
const EXPECTED_BODY = 'Expected {"rules":{"files":[{"name":"storage.rules","content":"..."}]}}.';

/** Answers a bucket control request; false when the request is not one. */
export async function handleBucketControl(
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  controls: BucketControls,
): Promise<boolean> {
  const rulesPath = RULES_PATH.exec(url.pathname);
  if (rulesPath && req.method === "PUT") {
    const bucket = decodeURIComponent(rulesPath[1]!);
    controls.rules.setBucketRules(bucket, compileBucketRules(await readJsonBody(req)));
    sendJson(res, 200, { bucket });
    return true;
  }
  if (rulesPath && req.method === "DELETE") {
    const bucket = decodeURIComponent(rulesPath[1]!);
    controls.rules.setBucketRules(bucket, null);
    sendJson(res, 200, { bucket });
    return true;
  }
  const objectsPath = OBJECTS_PATH.exec(url.pathname);
  if (objectsPath && req.method === "DELETE") {
    const bucket = decodeURIComponent(objectsPath[1]!);
    await controls.clearBucket(bucket);
    sendJson(res, 200, { bucket, cleared: true });
    return true;
  }
  return false;
}

function compileBucketRules(body: unknown) {
  const files = (body as { rules?: { files?: { name?: unknown; content?: unknown }[] } } | null)
    ?.rules?.files;
  const file = Array.isArray(files) ? files[0] : undefined;
  if (!file || typeof file.content !== "string") throw badRequest(EXPECTED_BODY);
  const name = typeof file.name === "string" ? file.name : "storage.rules";
  try {
    const rules = loadRules(file.content, name);
    if (rules.service !== "firebase.storage") {
      throw badRequest(`${name}: expected 'service firebase.storage', found '${rules.service}'.`);
    }
    return rules;
  } catch (error) {
    if (error instanceof RulesLoadError) throw badRequest(error.message);
    throw error;
  }
}
