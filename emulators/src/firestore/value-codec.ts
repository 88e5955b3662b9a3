/**
 * Conversion between the JSON wire form of values (REST, export files) and the canonical form of
 * shared/value.ts: non-finite doubles travel as strings, integers as decimal strings, timestamps
 * in any RFC 3339 form. Decoding validates and rejects malformed values with INVALID_ARGUMENT.
 */
import type { FirestoreDocument, Value } from "../shared/value.js";
import { normalizeTimestamp, formatTimestamp } from "./clock.js";
import { invalidArgument } from "./errors.js";
import { timestampParts } from "./values.js";

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const VALUE_KINDS = new Set([
  "nullValue",
  "booleanValue",
  "integerValue",
  "doubleValue",
  "timestampValue",
  "stringValue",
  "bytesValue",
  "referenceValue",
  "geoPointValue",
  "arrayValue",
  "mapValue",
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function decodeDouble(raw: unknown): number {
  if (typeof raw === "number") return raw;
  if (raw === "NaN") return NaN;
  if (raw === "Infinity") return Infinity;
  if (raw === "-Infinity") return -Infinity;
  if (typeof raw === "string" && raw.trim() !== "" && !Number.isNaN(Number(raw)))
    return Number(raw);
  throw invalidArgument(`Invalid double value: ${JSON.stringify(raw)}`);
}

function decodeInteger(raw: unknown): string {
  let n: bigint;
  try {
    if (typeof raw === "number" && Number.isInteger(raw)) n = BigInt(raw);
    else if (typeof raw === "string" && /^[+-]?\d+$/.test(raw.trim())) n = BigInt(raw.trim());
    else throw new Error();
  } catch {
    throw invalidArgument(`Invalid integer value: ${JSON.stringify(raw)}`);
  }
  if (n > INT64_MAX || n < INT64_MIN) throw invalidArgument(`Integer value out of range: ${raw}`);
  return n.toString();
}

/** Stored timestamps are precise to microseconds; finer digits are truncated, as in Firestore. */
function decodeTimestamp(raw: unknown): string {
  if (typeof raw === "string") {
    const t = normalizeTimestamp(raw);
    if (t) {
      const [seconds, nanos] = timestampParts(t);
      return formatTimestamp(seconds, nanos - (nanos % 1000));
    }
  } else if (isObject(raw)) {
    const seconds = Number(raw.seconds ?? 0);
    const nanos = Number(raw.nanos ?? 0);
    if (Number.isInteger(seconds) && Number.isInteger(nanos) && nanos >= 0 && nanos < 1e9) {
      return formatTimestamp(seconds, nanos - (nanos % 1000));
    }
  }
  throw invalidArgument(`Invalid timestamp value: ${JSON.stringify(raw)}`);
}

function decodeBytes(raw: unknown): string {
  if (typeof raw !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) {
    throw invalidArgument("Invalid bytes value: expected base64.");
  }
  return Buffer.from(raw, raw.includes("-") || raw.includes("_") ? "base64url" : "base64").toString(
    "base64",
  );
}

export function decodeValue(raw: unknown, inArray = false): Value {
  if (!isObject(raw)) throw invalidArgument("Invalid value: expected an object.");
  const keys = Object.keys(raw).filter((k) => VALUE_KINDS.has(k));
  if (keys.length !== 1) {
    throw invalidArgument(
      `A value must have exactly one value type, got: ${JSON.stringify(Object.keys(raw))}`,
    );
  }
  const kind = keys[0]!;
  const v = raw[kind];
  switch (kind) {
    case "nullValue":
      return { nullValue: null };
    case "booleanValue":
      if (typeof v !== "boolean") throw invalidArgument("Invalid boolean value.");
      return { booleanValue: v };
    case "integerValue":
      return { integerValue: decodeInteger(v) };
    case "doubleValue":
      return { doubleValue: decodeDouble(v) };
    case "timestampValue":
      return { timestampValue: decodeTimestamp(v) };
    case "stringValue":
      if (typeof v !== "string") throw invalidArgument("Invalid string value.");
      return { stringValue: v };
    case "bytesValue":
      return { bytesValue: decodeBytes(v) };
    case "referenceValue":
      if (
        typeof v !== "string" ||
        !/^projects\/[^/]+\/databases\/[^/]+\/documents(\/[^/]+\/[^/]+)+$/.test(v)
      ) {
        throw invalidArgument(`Invalid reference value: ${JSON.stringify(v)}`);
      }
      return { referenceValue: v };
    case "geoPointValue": {
      if (!isObject(v)) throw invalidArgument("Invalid geo point value.");
      const latitude = v.latitude === undefined ? 0 : decodeDouble(v.latitude);
      const longitude = v.longitude === undefined ? 0 : decodeDouble(v.longitude);
      if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
        throw invalidArgument(
          "Geo point latitude must be in [-90, 90] and longitude in [-180, 180].",
        );
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case "arrayValue": {
      if (inArray) throw invalidArgument("Cannot have an array directly inside an array.");
      if (!isObject(v)) throw invalidArgument("Invalid array value.");
      const values = v.values ?? [];
      if (!Array.isArray(values)) throw invalidArgument("Invalid array value.");
      return { arrayValue: { values: values.map((e) => decodeValue(e, true)) } };
    }
    default: {
      if (!isObject(v)) throw invalidArgument("Invalid map value.");
      return { mapValue: { fields: decodeFields(v.fields ?? {}) } };
    }
  }
}

export function decodeFields(raw: unknown): Record<string, Value> {
  if (!isObject(raw)) throw invalidArgument("Invalid fields: expected an object.");
  const fields: Record<string, Value> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === "") throw invalidArgument("Field names cannot be empty.");
    fields[key] = decodeValue(value);
  }
  return fields;
}

/** Canonical → wire: non-finite doubles become "NaN" / "Infinity" / "-Infinity". */
export function encodeValue(value: Value): unknown {
  if ("doubleValue" in value) {
    const d = value.doubleValue;
    return {
      doubleValue: Number.isFinite(d)
        ? d
        : Number.isNaN(d)
          ? "NaN"
          : d > 0
            ? "Infinity"
            : "-Infinity",
    };
  }
  if ("arrayValue" in value)
    return { arrayValue: { values: (value.arrayValue.values ?? []).map(encodeValue) } };
  if ("mapValue" in value)
    return { mapValue: { fields: encodeFields(value.mapValue.fields ?? {}) } };
  return value;
}

export function encodeFields(fields: Record<string, Value>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = encodeValue(v);
  return out;
}

export function encodeDocument(doc: FirestoreDocument): Record<string, unknown> {
  return { ...doc, fields: encodeFields(doc.fields) };
}

/** Recursively walks any JSON, encoding every `Value` it finds under known value-bearing keys. */
export function encodeResponse(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(encodeResponse);
  if (!isObject(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if ((k === "fields" || k === "aggregateFields") && isObject(v)) {
      out[k] = encodeFields(v as Record<string, Value>);
    } else if (k === "transformResults" && Array.isArray(v)) {
      out[k] = (v as Value[]).map(encodeValue);
    } else {
      out[k] = encodeResponse(v);
    }
  }
  return out;
}
