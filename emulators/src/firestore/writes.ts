/**
 * One write of a commit applied to the version of its document before it: preconditions,
 * update masks, transforms and the documented limits. Pure; the engine stores the results.
 */
import type { Value } from "../shared/value.js";
import type { Precondition, Write, WriteResult } from "./api-types.js";
import { formatTimestamp, normalizeTimestamp } from "./clock.js";
import type { StoredDocument } from "./document-store.js";
import { FirestoreError, invalidArgument } from "./errors.js";
import { deleteField, getField, parseFieldPath, setField } from "./field-path.js";
import { checkDocumentLimits } from "./limits.js";
import { type DatabaseId, databaseName, parseDocumentName } from "./resource-names.js";
import { applyTransforms } from "./transforms.js";
import { isVector, timestampParts } from "./values.js";

export interface AppliedWrite {
  path: string;
  before: StoredDocument | null;
  /** The same object as `before` when the write changed nothing. */
  after: StoredDocument | null;
  result: WriteResult;
  /** A `verify` write: checked a precondition, wrote nothing. */
  verifyOnly?: boolean;
}

/**
 * Whether two field trees are the same JSON (key order aside): tells whether a write changed a
 * document, without serialising either (a 10 000-document change would build megabytes of text).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}

/**
 * A copy of a field tree the caller can no longer change: objects and arrays are new, strings
 * (immutable) are shared, so a document's payload is not duplicated the way structuredClone
 * duplicates it.
 */
function copyFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyFields) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    copy[key] = copyFields((value as Record<string, unknown>)[key]);
  return copy as T;
}

export function applyWrite(
  db: DatabaseId,
  write: Write,
  current: (path: string) => StoredDocument | null,
  commitTime: string,
): AppliedWrite {
  const kinds = [write.update, write.delete, write.verify, write.transform].filter(
    (k) => k !== undefined,
  ).length;
  if (kinds !== 1) {
    throw invalidArgument("A write must have exactly one of update, delete, verify or transform.");
  }
  const name = write.update
    ? write.update.name
    : (write.delete ?? write.verify ?? write.transform!.document);
  if (!name) throw invalidArgument("A write must name its document.");
  const ref = parseDocumentName(name);
  if (ref.project !== db.project || ref.database !== db.database) {
    throw invalidArgument(`Document ${name} is not in database ${databaseName(db)}.`);
  }
  const path = ref.segments.join("/");
  const before = current(path);
  checkPrecondition(name, before, write.currentDocument);

  if (write.verify !== undefined) {
    return { path, before, after: before, result: {}, verifyOnly: true };
  }

  if (write.delete !== undefined) {
    if (write.updateTransforms?.length) throw invalidArgument("A delete cannot have transforms.");
    return { path, before, after: null, result: {} };
  }

  let fields: Record<string, Value>;
  const transforms = write.transform
    ? (write.transform.fieldTransforms ?? [])
    : (write.updateTransforms ?? []);
  if (write.update) {
    const input = copyFields(write.update.fields ?? {});
    validateFieldNames(input);
    truncateTimestamps(input);
    if (write.updateMask) {
      fields = before ? copyFields(before.fields) : {};
      for (const text of write.updateMask.fieldPaths ?? []) {
        const fieldPath = parseFieldPath(text);
        const value = getField(input, fieldPath);
        if (value === undefined) deleteField(fields, fieldPath);
        else setField(fields, fieldPath, value);
      }
    } else {
      fields = input;
    }
  } else {
    fields = before ? copyFields(before.fields) : {};
  }
  const transformResults = applyTransforms(fields, transforms, commitTime);
  checkDocumentLimits(path, fields, name);
  const unchanged = before !== null && sameJson(before.fields, fields);
  const after: StoredDocument = unchanged
    ? before
    : {
        path,
        fields,
        createTime: before?.createTime ?? commitTime,
        updateTime: commitTime,
      };
  const result: WriteResult = { updateTime: after.updateTime };
  if (transforms.length > 0) result.transformResults = transformResults;
  return { path, before, after, result };
}

function checkPrecondition(
  name: string,
  doc: StoredDocument | null,
  pre: Precondition | undefined,
): void {
  if (!pre) return;
  if (pre.exists !== undefined && pre.updateTime !== undefined) {
    throw invalidArgument("A precondition can set exists or updateTime, not both.");
  }
  if (pre.exists === true && !doc)
    throw new FirestoreError("NOT_FOUND", `No document to update: ${name}`);
  if (pre.exists === false && doc)
    throw new FirestoreError("ALREADY_EXISTS", `Document already exists: ${name}`);
  if (pre.updateTime !== undefined) {
    // A missing document has no version: the same failure as a stale one (which the SDKs retry).
    const required = normalizeTimestamp(pre.updateTime) ?? pre.updateTime;
    if (doc?.updateTime !== required) {
      throw new FirestoreError(
        "FAILED_PRECONDITION",
        `the stored version (${doc?.updateTime ?? "none"}) of ${name} does not match the required base version (${required})`,
      );
    }
  }
}

function validateFieldNames(fields: Record<string, Value>): void {
  for (const [key, value] of Object.entries(fields)) {
    if (key === "") throw invalidArgument("Field names cannot be empty.");
    if (/^__.*__$/.test(key)) throw invalidArgument(`Field name "${key}" is reserved.`);
    // Vectors are maps with the reserved "__type__" key; their shape is the SDKs' business.
    if ("mapValue" in value && !isVector(value)) validateFieldNames(value.mapValue.fields ?? {});
  }
}

/** Stored timestamps keep microseconds (both transports may deliver nanoseconds). */
function truncateTimestamps(fields: Record<string, Value>): void {
  for (const value of Object.values(fields)) truncateValue(value);
}

function truncateValue(value: Value): void {
  if ("timestampValue" in value) {
    const [seconds, nanos] = timestampParts(value.timestampValue);
    value.timestampValue = formatTimestamp(seconds, nanos - (nanos % 1000));
  } else if ("arrayValue" in value) {
    for (const v of value.arrayValue.values ?? []) truncateValue(v);
  } else if ("mapValue" in value) {
    truncateTimestamps(value.mapValue.fields ?? {});
  }
}
