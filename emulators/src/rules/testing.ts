/**
 * Helpers for exercising rules without a database: plain JS values → Firestore values, and an
 * in-memory document reader that records what the rules read.
 */
import type { RulesDocumentReader } from "./api.js";
import type { FirestoreDocument, Value } from "../shared/value.js";

/** Marks a string as a reference ("projects/p/databases/d/documents/...") for toValue. */
export class Ref {
  constructor(readonly name: string) {}
}

/** Marks raw bytes for toValue. */
export class Bytes {
  constructor(readonly data: Uint8Array) {}
}

/** Marks a geo point for toValue. */
export class GeoPoint {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

/** Whole numbers become integerValue; use `{ doubleValue }` explicitly for whole floats. */
export function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { nullValue: null };
  if (typeof v === "boolean") return { booleanValue: v };
  if (typeof v === "bigint") return { integerValue: v.toString() };
  if (typeof v === "number")
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === "string") return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (v instanceof Ref) return { referenceValue: v.name };
  if (v instanceof Bytes) return { bytesValue: Buffer.from(v.data).toString("base64") };
  if (v instanceof GeoPoint)
    return { geoPointValue: { latitude: v.latitude, longitude: v.longitude } };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  if (typeof v === "object") {
    const record = v as Record<string, unknown>;
    if ("doubleValue" in record && typeof record.doubleValue === "number") {
      return { doubleValue: record.doubleValue };
    }
    return { mapValue: { fields: toFields(record) } };
  }
  throw new TypeError(`Cannot convert ${typeof v} to a Firestore value.`);
}

export function toFields(record: Record<string, unknown>): Record<string, Value> {
  const fields: Record<string, Value> = {};
  for (const [k, v] of Object.entries(record)) fields[k] = toValue(v);
  return fields;
}

/** A document at `path` ("users/u1") of the given database. */
export function makeDocument(
  path: string,
  data: Record<string, unknown>,
  database = "(default)",
  project = "demo-project",
): FirestoreDocument {
  return {
    name: `projects/${project}/databases/${database}/documents/${path}`,
    fields: toFields(data),
  };
}

export interface RecordingReader extends RulesDocumentReader {
  /** Every path passed to get(), in order. */
  readonly reads: string[];
}

/** Serves the given documents by their rules path: /databases/{db}/documents/{path}. */
export function memoryReader(docs: FirestoreDocument[]): RecordingReader {
  const byPath = new Map<string, FirestoreDocument>();
  for (const d of docs) {
    const at = d.name.indexOf("/databases/");
    byPath.set(at >= 0 ? d.name.slice(at) : d.name, d);
  }
  const reads: string[] = [];
  return {
    reads,
    async get(path: string) {
      reads.push(path);
      return byPath.get(path) ?? null;
    },
  };
}
