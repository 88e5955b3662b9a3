/**
 * Ordering and equality of Firestore values, following the documented cross-type order:
 * null < boolean < number (NaN first, ints and doubles compared numerically) < timestamp < string
 * (UTF-8 byte order) < bytes < reference < geo point < array < vector < map.
 */
import type { Value } from "../shared/value.js";

export type TypeRank = number;

const RANK = {
  null: 0,
  boolean: 1,
  number: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geoPoint: 7,
  array: 8,
  vector: 9,
  map: 10,
} as const;

export function isVector(value: Value): boolean {
  if (!("mapValue" in value)) return false;
  const type = value.mapValue.fields?.["__type__"];
  return type !== undefined && "stringValue" in type && type.stringValue === "__vector__";
}

export function typeRank(value: Value): TypeRank {
  if ("nullValue" in value) return RANK.null;
  if ("booleanValue" in value) return RANK.boolean;
  if ("integerValue" in value || "doubleValue" in value) return RANK.number;
  if ("timestampValue" in value) return RANK.timestamp;
  if ("stringValue" in value) return RANK.string;
  if ("bytesValue" in value) return RANK.bytes;
  if ("referenceValue" in value) return RANK.reference;
  if ("geoPointValue" in value) return RANK.geoPoint;
  if ("arrayValue" in value) return RANK.array;
  return isVector(value) ? RANK.vector : RANK.map;
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

export function isNaNValue(value: Value): boolean {
  return "doubleValue" in value && Number.isNaN(value.doubleValue);
}

function compareIntDouble(i: bigint, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const approx = Number(i);
  if (approx !== d) return sign(approx - d);
  // Equal as doubles: decide exactly (ints above 2^53 lose precision when converted).
  const floor = Math.floor(d);
  const diff = i - BigInt(floor);
  if (diff !== 0n) return diff < 0n ? -1 : 1;
  return floor === d ? 0 : -1;
}

export function compareNumbers(a: Value, b: Value): number {
  if ("integerValue" in a && "integerValue" in b) {
    const x = BigInt(a.integerValue);
    const y = BigInt(b.integerValue);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if ("integerValue" in a) return compareIntDouble(BigInt(a.integerValue), numberOf(b));
  if ("integerValue" in b) return -compareIntDouble(BigInt(b.integerValue), numberOf(a));
  const x = numberOf(a);
  const y = numberOf(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return sign(x - y) || 0;
}

/** A numeric value as a JS number (integers may lose precision beyond 2^53). */
export function numberOf(value: Value): number {
  if ("integerValue" in value) return Number(value.integerValue);
  if ("doubleValue" in value) return value.doubleValue;
  return NaN;
}

/** Compares strings by Unicode code point, which is UTF-8 byte order. */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (0xD800-0xDFFF) encode code points above 0xFFFF and must sort after 0xE000-0xFFFF.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return sign(a.length - b.length);
}

/** [seconds, nanos] of a normalised RFC 3339 UTC timestamp. */
export function timestampParts(text: string): [number, number] {
  const match = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(text);
  const base = match ? match[1]! : text;
  const millis = Date.parse(base + "Z");
  const seconds = Math.floor(millis / 1000);
  const nanos = match?.[2] ? Number(match[2].padEnd(9, "0")) : 0;
  return [seconds, nanos];
}

export function compareTimestamps(a: string, b: string): number {
  const [as, an] = timestampParts(a);
  const [bs, bn] = timestampParts(b);
  return sign(as - bs) || sign(an - bn);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "base64"), Buffer.from(b, "base64"));
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** Path segments: numeric ids ("__id42__", as the SDKs write them) sort before string ids. */
function compareSegments(a: string, b: string): number {
  const x = NUMERIC_ID.exec(a);
  const y = NUMERIC_ID.exec(b);
  if (x && y) {
    const p = BigInt(x[1]!);
    const q = BigInt(y[1]!);
    return p < q ? -1 : p > q ? 1 : 0;
  }
  if (x) return -1;
  if (y) return 1;
  return compareUtf8(a, b);
}

/** References compare by path segment (so "a/b" < "a/b/c/d" < "a0/x"). */
function compareReferences(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const c = compareSegments(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  return sign(x.length - y.length);
}

function compareArrays(a: Value[], b: Value[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function vectorElements(value: Value): Value[] {
  const inner = "mapValue" in value ? value.mapValue.fields?.["value"] : undefined;
  return inner && "arrayValue" in inner ? (inner.arrayValue.values ?? []) : [];
}

function compareMaps(a: Record<string, Value>, b: Record<string, Value>): number {
  const ak = Object.keys(a).sort(compareUtf8);
  const bk = Object.keys(b).sort(compareUtf8);
  const length = Math.min(ak.length, bk.length);
  for (let i = 0; i < length; i++) {
    const c = compareUtf8(ak[i]!, bk[i]!) || compareValues(a[ak[i]!]!, b[bk[i]!]!);
    if (c !== 0) return c;
  }
  return sign(ak.length - bk.length);
}

export function compareValues(a: Value, b: Value): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return sign(ra - rb);
  switch (ra) {
    case RANK.null:
      return 0;
    case RANK.boolean:
      return sign(
        Number((a as { booleanValue: boolean }).booleanValue) -
          Number((b as { booleanValue: boolean }).booleanValue),
      );
    case RANK.number:
      return compareNumbers(a, b);
    case RANK.timestamp:
      return compareTimestamps(
        (a as { timestampValue: string }).timestampValue,
        (b as { timestampValue: string }).timestampValue,
      );
    case RANK.string:
      return compareUtf8(
        (a as { stringValue: string }).stringValue,
        (b as { stringValue: string }).stringValue,
      );
    case RANK.bytes:
      return compareBytes(
        (a as { bytesValue: string }).bytesValue,
        (b as { bytesValue: string }).bytesValue,
      );
    case RANK.reference:
      return compareReferences(
        (a as { referenceValue: string }).referenceValue,
        (b as { referenceValue: string }).referenceValue,
      );
    case RANK.geoPoint: {
      const x = (a as { geoPointValue: { latitude: number; longitude: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude: number; longitude: number } }).geoPointValue;
      return sign(x.latitude - y.latitude) || sign(x.longitude - y.longitude);
    }
    case RANK.array:
      return compareArrays(
        (a as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [],
        (b as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [],
      );
    case RANK.vector: {
      // Vectors order by dimension first, then element-wise.
      const x = vectorElements(a);
      const y = vectorElements(b);
      return sign(x.length - y.length) || compareArrays(x, y);
    }
    default:
      return compareMaps(
        (a as { mapValue: { fields?: Record<string, Value> } }).mapValue.fields ?? {},
        (b as { mapValue: { fields?: Record<string, Value> } }).mapValue.fields ?? {},
      );
  }
}

/** Query equality: 1 == 1.0, -0.0 == 0.0, and NaN equals NaN (as an index lookup does). */
export function valuesEqual(a: Value, b: Value): boolean {
  return typeRank(a) === typeRank(b) && compareValues(a, b) === 0;
}

export function arrayElements(value: Value | undefined): Value[] | undefined {
  return value && "arrayValue" in value ? (value.arrayValue.values ?? []) : undefined;
}

export function isNumeric(value: Value | undefined): boolean {
  return value !== undefined && ("integerValue" in value || "doubleValue" in value);
}

export function cloneValue<T>(value: T): T {
  return structuredClone(value);
}
