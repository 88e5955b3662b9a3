/**
 * Runtime values of the rules language.
 *
 * Primitive rules types map onto JS primitives so that most operations stay cheap:
 * null → null, bool → boolean, int → bigint (64-bit, overflow is an error), float → number,
 * string → string, list → array. Everything else is a small class, so `instanceof` tells the
 * types apart.
 */
import type { Value } from "../shared/value.js";

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | readonly RValue[]
  | RMap
  | RSet
  | RBytes
  | RTimestamp
  | RDuration
  | RLatLng
  | RPath
  | RMapDiff;

/** A runtime error inside an expression. It never escapes evaluate(): it turns into a deny. */
export class RulesEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RulesEvalError";
  }
}

export function fail(message: string): never {
  throw new RulesEvalError(message);
}

export class RMap {
  constructor(readonly entries: ReadonlyMap<string, RValue>) {}
  static of(record: Record<string, RValue>): RMap {
    return new RMap(new Map(Object.entries(record)));
  }
}

export class RSet {
  readonly items: readonly RValue[];
  constructor(items: readonly RValue[]) {
    const unique: RValue[] = [];
    for (const item of items) if (!unique.some((u) => equals(u, item))) unique.push(item);
    this.items = unique;
  }
  has(v: RValue): boolean {
    return this.items.some((i) => equals(i, v));
  }
}

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** Nanoseconds since the Unix epoch, UTC. */
export class RTimestamp {
  constructor(readonly nanos: bigint) {}
  toDate(): Date {
    return new Date(Number(floorDiv(this.nanos, 1_000_000n)));
  }
}

export class RDuration {
  constructor(readonly nanos: bigint) {}
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

export class RPath {
  constructor(readonly segments: readonly string[]) {}
  toString(): string {
    return "/" + this.segments.join("/");
  }
}

/** Result of map.diff(other): `left` is the receiver, `right` the argument. */
export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) fail("Integer overflow.");
  return v;
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function floorMod(a: bigint, b: bigint): bigint {
  return a - floorDiv(a, b) * b;
}

export type RTypeName =
  | "null"
  | "bool"
  | "int"
  | "float"
  | "string"
  | "list"
  | "map"
  | "set"
  | "bytes"
  | "timestamp"
  | "duration"
  | "latlng"
  | "path"
  | "map_diff";

export function typeOf(v: RValue): RTypeName {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float";
    case "string":
      return "string";
  }
  if (Array.isArray(v)) return "list";
  if (v instanceof RMap) return "map";
  if (v instanceof RSet) return "set";
  if (v instanceof RBytes) return "bytes";
  if (v instanceof RTimestamp) return "timestamp";
  if (v instanceof RDuration) return "duration";
  if (v instanceof RLatLng) return "latlng";
  if (v instanceof RPath) return "path";
  return "map_diff";
}

export function isList(v: RValue): v is readonly RValue[] {
  return Array.isArray(v);
}

export function isNumber(v: RValue): v is bigint | number {
  return typeof v === "bigint" || typeof v === "number";
}

/** Deep equality; int and float compare by numeric value, other type mixes are simply unequal. */
export function equals(a: RValue, b: RValue): boolean {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" && typeof b === "bigint") return a === b;
    return Number(a) === Number(b);
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (isList(a)) return isList(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]!));
  if (isList(b)) return false;
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) {
      if (!b.entries.has(k) || !equals(v, b.entries.get(k)!)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return b instanceof RSet && a.items.length === b.items.length && a.items.every((i) => b.has(i));
  }
  if (a instanceof RBytes) {
    return (
      b instanceof RBytes &&
      a.bytes.length === b.bytes.length &&
      a.bytes.every((x, i) => x === b.bytes[i])
    );
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RPath) {
    return (
      b instanceof RPath &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  return false;
}

/** Ordering for < <= > >=: numbers, strings, timestamps and durations only. */
export function compare(a: RValue, b: RValue): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof RTimestamp && b instanceof RTimestamp) return sign(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return sign(a.nanos - b.nanos);
  return fail(`Cannot compare ${typeOf(a)} with ${typeOf(b)}.`);
}

function sign(v: bigint): number {
  return v < 0n ? -1 : v > 0n ? 1 : 0;
}

/** Short text of a value for error messages and debug(). */
export function show(v: RValue): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return formatFloat(v);
  if (typeof v === "boolean") return String(v);
  if (isList(v)) return `[${v.map(show).join(", ")}]`;
  if (v instanceof RMap) {
    return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`).join(", ")}}`;
  }
  if (v instanceof RSet) return `set(${v.items.map(show).join(", ")})`;
  if (v instanceof RBytes) return `b'${Buffer.from(v.bytes).toString("hex")}'`;
  if (v instanceof RTimestamp) return `timestamp(${formatTimestamp(v)})`;
  if (v instanceof RDuration) return `duration(${v.nanos}ns)`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RPath) return `path(${v.toString()})`;
  return "map_diff";
}

export function formatFloat(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return `${v}.0`;
  return String(v);
}

export function formatTimestamp(t: RTimestamp): string {
  const nanos = Number(floorMod(t.nanos, 1_000_000_000n));
  const iso = t.toDate().toISOString().slice(0, 19);
  return nanos === 0 ? `${iso}Z` : `${iso}.${String(nanos).padStart(9, "0")}Z`;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string): RTimestamp {
  const m = RFC3339.exec(text);
  if (!m) return fail(`Invalid timestamp ${JSON.stringify(text)}.`);
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  let nanos = BigInt(ms) * 1_000_000n + BigInt((m[7] ?? "").padEnd(9, "0") || "0");
  const zone = m[8]!;
  if (zone !== "Z" && zone !== "z") {
    const offsetMinutes = (+zone.slice(1, 3) * 60 + +zone.slice(4, 6)) * (zone[0] === "-" ? -1 : 1);
    nanos -= BigInt(offsetMinutes) * 60_000_000_000n;
  }
  return new RTimestamp(nanos);
}

export function timestampFromDate(d: Date): RTimestamp {
  return new RTimestamp(BigInt(d.getTime()) * 1_000_000n);
}

/** "projects/p/databases/d/documents/a/b" → /databases/d/documents/a/b */
export function pathFromResourceName(name: string): RPath {
  const segments = name.split("/").filter((s) => s !== "");
  return new RPath(segments[0] === "projects" ? segments.slice(2) : segments);
}

export function fromFirestoreValue(value: Value): RValue {
  if ("nullValue" in value) return null;
  if ("booleanValue" in value) return value.booleanValue;
  if ("integerValue" in value) return BigInt(value.integerValue);
  if ("doubleValue" in value) return value.doubleValue;
  if ("timestampValue" in value) return parseTimestamp(value.timestampValue);
  if ("stringValue" in value) return value.stringValue;
  if ("bytesValue" in value)
    return new RBytes(new Uint8Array(Buffer.from(value.bytesValue, "base64")));
  if ("referenceValue" in value) return pathFromResourceName(value.referenceValue);
  if ("geoPointValue" in value) {
    return new RLatLng(value.geoPointValue.latitude ?? 0, value.geoPointValue.longitude ?? 0);
  }
  if ("arrayValue" in value) return (value.arrayValue.values ?? []).map(fromFirestoreValue);
  if ("mapValue" in value) return fromFirestoreFields(value.mapValue.fields ?? {});
  return fail("Unknown Firestore value.");
}

export function fromFirestoreFields(fields: Record<string, Value>): RMap {
  const entries = new Map<string, RValue>();
  for (const [k, v] of Object.entries(fields)) entries.set(k, fromFirestoreValue(v));
  return new RMap(entries);
}

/** Plain JSON (ID-token claims) → rules values; whole numbers become ints. */
export function fromJson(value: unknown): RValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (typeof value === "bigint") return value;
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === "object") {
    const entries = new Map<string, RValue>();
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      entries.set(k, fromJson(v));
    return new RMap(entries);
  }
  return null;
}
