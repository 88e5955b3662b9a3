/**
 * Built-in methods of the rules types and the global/namespace functions that need no I/O.
 * Document reads (get, exists, firestore.get, ...) live in the evaluator.
 */
import { createHash } from "node:crypto";
import { checkTimestamp } from "./operators.js";
import {
  INT64_MAX,
  INT64_MIN,
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  checkInt,
  equals,
  fail,
  floorDiv,
  floorMod,
  formatFloat,
  isList,
  isNumber,
  typeOf,
  type RValue,
} from "./values.js";

const NANOS_PER_SECOND = 1_000_000_000n;
const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;

// ---- argument helpers -----------------------------------------------------------------------

function str(v: RValue, what: string): string {
  if (typeof v !== "string") fail(`${what} expects a string, got ${typeOf(v)}.`);
  return v;
}

function int(v: RValue, what: string): bigint {
  if (typeof v !== "bigint") fail(`${what} expects an int, got ${typeOf(v)}.`);
  return v;
}

function num(v: RValue, what: string): number {
  if (!isNumber(v)) fail(`${what} expects a number, got ${typeOf(v)}.`);
  return Number(v);
}

function items(v: RValue, what: string): readonly RValue[] {
  if (isList(v)) return v;
  if (v instanceof RSet) return v.items;
  return fail(`${what} expects a list or set, got ${typeOf(v)}.`);
}

function map(v: RValue, what: string): RMap {
  if (!(v instanceof RMap)) fail(`${what} expects a map, got ${typeOf(v)}.`);
  return v;
}

// ---- regular expressions --------------------------------------------------------------------

const regexCache = new Map<string, RegExp>();

/**
 * RE2 patterns run as JS RegExps. The common RE2-only spellings are translated: a leading
 * `(?i)`/`(?s)`/`(?m)` flag group, `(?P<name>`, and `\A` / `\z`.
 */
export function compileRegex(pattern: string, mode: "full" | "global"): RegExp {
  const key = `${mode}\u0000${pattern}`;
  const cached = regexCache.get(key);
  if (cached) return cached;
  let source = pattern;
  let flags = "";
  const flagGroup = /^\(\?([ims]+)\)/.exec(source);
  if (flagGroup) {
    flags += flagGroup[1]!;
    source = source.slice(flagGroup[0].length);
  }
  source = source
    .replace(/\(\?P</g, "(?<")
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "$");
  let re: RegExp;
  try {
    re = mode === "full" ? new RegExp(`^(?:${source})$`, flags) : new RegExp(source, flags + "g");
  } catch (e) {
    return fail(`Invalid regular expression ${JSON.stringify(pattern)}: ${(e as Error).message}`);
  }
  if (regexCache.size > 500) regexCache.clear();
  regexCache.set(key, re);
  return re;
}

// ---- timestamps -----------------------------------------------------------------------------

function timestampFromYmd(y: bigint, m: bigint, d: bigint): RTimestamp {
  if (m < 1n || m > 12n || d < 1n || d > 31n || y < 1n || y > 9999n) fail("Invalid date.");
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  if (date.getUTCDate() !== Number(d)) fail("Invalid date.");
  return new RTimestamp(BigInt(date.getTime()) * 1_000_000n);
}

function timestampMethod(t: RTimestamp, name: string): RValue {
  const d = t.toDate();
  switch (name) {
    case "year":
      return BigInt(d.getUTCFullYear());
    case "month":
      return BigInt(d.getUTCMonth() + 1);
    case "day":
      return BigInt(d.getUTCDate());
    case "hours":
      return BigInt(d.getUTCHours());
    case "minutes":
      return BigInt(d.getUTCMinutes());
    case "seconds":
      return BigInt(d.getUTCSeconds());
    case "nanos":
      return floorMod(t.nanos, NANOS_PER_SECOND);
    case "dayOfWeek": {
      const day = d.getUTCDay(); // 0 = Sunday; rules count Monday as 1 and Sunday as 7
      return BigInt(day === 0 ? 7 : day);
    }
    case "dayOfYear": {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return BigInt((today - start) / 86_400_000 + 1);
    }
    case "date":
      return new RTimestamp(t.nanos - floorMod(t.nanos, NANOS_PER_DAY));
    case "time":
      return new RDuration(floorMod(t.nanos, NANOS_PER_DAY));
    case "toMillis":
      return floorDiv(t.nanos, 1_000_000n);
  }
  return noMethod(t, name);
}

const DURATION_UNITS: Record<string, bigint> = {
  w: 7n * NANOS_PER_DAY,
  d: NANOS_PER_DAY,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
  ns: 1n,
};

function durationValue(magnitude: RValue, unit: RValue): RDuration {
  const factor = DURATION_UNITS[str(unit, "duration.value unit")];
  if (factor === undefined)
    fail(`Unknown duration unit ${JSON.stringify(unit)} (w, d, h, m, s, ms, ns).`);
  if (typeof magnitude === "bigint") return new RDuration(checkInt(magnitude * factor));
  const n = num(magnitude, "duration.value");
  if (!Number.isFinite(n)) fail("Duration magnitude must be finite.");
  return new RDuration(checkInt(BigInt(Math.round(n * Number(factor)))));
}

function durationMethod(d: RDuration, name: string): RValue {
  const seconds = d.nanos / NANOS_PER_SECOND; // truncates toward zero
  switch (name) {
    case "seconds":
      return seconds;
    case "nanos":
      return d.nanos - seconds * NANOS_PER_SECOND;
    case "abs":
      return new RDuration(d.nanos < 0n ? -d.nanos : d.nanos);
  }
  return noMethod(d, name);
}

// ---- strings, lists, sets, maps -------------------------------------------------------------

function stringMethod(s: string, name: string, args: RValue[]): RValue {
  switch (name) {
    case "size":
      return BigInt([...s].length);
    case "matches":
      return compileRegex(str(args[0]!, "matches"), "full").test(s);
    case "lower":
      return s.toLowerCase();
    case "upper":
      return s.toUpperCase();
    case "trim":
      return s.trim();
    case "split":
      return s.split(compileRegex(str(args[0]!, "split"), "global"));
    case "replace": {
      const re = compileRegex(str(args[0]!, "replace"), "global");
      // RE2 substitutions use \1; JS uses $1. A literal $ must not be interpreted.
      const sub = str(args[1]!, "replace")
        .replace(/\$/g, "$$$$")
        .replace(/\\(\d)/g, "$$$1");
      return s.replace(re, sub);
    }
    case "toUtf8":
      return new RBytes(new Uint8Array(Buffer.from(s, "utf8")));
  }
  return noMethod(s, name);
}

function hasAll(self: readonly RValue[], other: readonly RValue[]): boolean {
  return other.every((o) => self.some((x) => equals(x, o)));
}

function hasAny(self: readonly RValue[], other: readonly RValue[]): boolean {
  return other.some((o) => self.some((x) => equals(x, o)));
}

function listMethod(list: readonly RValue[], name: string, args: RValue[]): RValue {
  switch (name) {
    case "size":
      return BigInt(list.length);
    case "hasAll":
      return hasAll(list, items(args[0]!, "hasAll"));
    case "hasAny":
      return hasAny(list, items(args[0]!, "hasAny"));
    case "hasOnly":
      return hasAll(items(args[0]!, "hasOnly"), list);
    case "join": {
      const sep = str(args[0]!, "join");
      return list.map((x) => str(x, "join (list elements)")).join(sep);
    }
    case "concat": {
      const other = args[0]!;
      if (!isList(other)) fail(`concat expects a list, got ${typeOf(other)}.`);
      return [...list, ...other];
    }
    case "removeAll": {
      const remove = items(args[0]!, "removeAll");
      return list.filter((x) => !remove.some((r) => equals(r, x)));
    }
    case "toSet":
      return new RSet(list);
  }
  return noMethod(list, name);
}

function setMethod(set: RSet, name: string, args: RValue[]): RValue {
  switch (name) {
    case "size":
      return BigInt(set.items.length);
    case "hasAll":
      return hasAll(set.items, items(args[0]!, "hasAll"));
    case "hasAny":
      return hasAny(set.items, items(args[0]!, "hasAny"));
    case "hasOnly":
      return hasAll(items(args[0]!, "hasOnly"), set.items);
    case "union":
      return new RSet([...set.items, ...items(args[0]!, "union")]);
    case "intersection": {
      const other = new RSet(items(args[0]!, "intersection"));
      return new RSet(set.items.filter((x) => other.has(x)));
    }
    case "difference": {
      const other = new RSet(items(args[0]!, "difference"));
      return new RSet(set.items.filter((x) => !other.has(x)));
    }
  }
  return noMethod(set, name);
}

function mapMethod(m: RMap, name: string, args: RValue[]): RValue {
  switch (name) {
    case "size":
      return BigInt(m.entries.size);
    case "keys":
      return [...m.entries.keys()];
    case "values":
      return [...m.entries.values()];
    case "get": {
      const key = args[0]!;
      const fallback = args[1]!;
      const keyPath = isList(key) ? key.map((k) => str(k, "get (key path)")) : [str(key, "get")];
      let current: RValue = m;
      for (const k of keyPath) {
        if (!(current instanceof RMap) || !current.entries.has(k)) return fallback;
        current = current.entries.get(k)!;
      }
      return current;
    }
    case "diff":
      return new RMapDiff(m, map(args[0]!, "diff"));
  }
  return noMethod(m, name);
}

function mapDiffMethod(d: RMapDiff, name: string): RValue {
  const left = d.left.entries;
  const right = d.right.entries;
  const added = [...right.keys()].filter((k) => !left.has(k));
  const removed = [...left.keys()].filter((k) => !right.has(k));
  const shared = [...left.keys()].filter((k) => right.has(k));
  const changed = shared.filter((k) => !equals(left.get(k)!, right.get(k)!));
  switch (name) {
    case "addedKeys":
      return new RSet(added);
    case "removedKeys":
      return new RSet(removed);
    case "changedKeys":
      return new RSet(changed);
    case "affectedKeys":
      return new RSet([...added, ...removed, ...changed]);
    case "unchangedKeys":
      return new RSet(shared.filter((k) => !changed.includes(k)));
  }
  return noMethod(d, name);
}

// ---- bytes, latlng, path --------------------------------------------------------------------

function bytesMethod(b: RBytes, name: string): RValue {
  switch (name) {
    case "size":
      return BigInt(b.bytes.length);
    case "toBase64":
      return Buffer.from(b.bytes).toString("base64url");
    case "toHexString":
      return Buffer.from(b.bytes).toString("hex").toUpperCase();
  }
  return noMethod(b, name);
}

/** Mean Earth radius in metres, as used for geographic distances. */
const EARTH_RADIUS_M = 6_371_010;

function latlngMethod(p: RLatLng, name: string, args: RValue[]): RValue {
  switch (name) {
    case "latitude":
      return p.lat;
    case "longitude":
      return p.lng;
    case "distance": {
      const q = args[0]!;
      if (!(q instanceof RLatLng)) fail(`distance expects a latlng, got ${typeOf(q)}.`);
      const rad = Math.PI / 180;
      const dLat = (q.lat - p.lat) * rad;
      const dLng = (q.lng - p.lng) * rad;
      const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
    }
  }
  return noMethod(p, name);
}

function pathMethod(p: RPath, name: string, args: RValue[]): RValue {
  if (name === "bind") {
    const bindings = map(args[0]!, "bind");
    return new RPath(
      p.segments.map((seg) => {
        const m = /^(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|\$\(([A-Za-z_][A-Za-z0-9_]*)\))$/.exec(seg);
        const key = m?.[1] ?? m?.[2];
        if (key === undefined) return seg;
        if (!bindings.entries.has(key)) fail(`bind: no value for '${key}'.`);
        return segmentText(bindings.entries.get(key)!);
      }),
    );
  }
  if (name === "size") return BigInt(p.segments.length);
  return noMethod(p, name);
}

/** Text of a value interpolated into a path segment. */
export function segmentText(v: RValue): string {
  if (typeof v === "string") return v;
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return formatFloat(v);
  return fail(`Cannot use ${typeOf(v)} as a path segment.`);
}

function noMethod(v: RValue, name: string): never {
  return fail(`${typeOf(v)} has no method '${name}'.`);
}

export function callMethod(receiver: RValue, name: string, args: RValue[]): RValue {
  if (receiver === null) fail(`Null value error: cannot call '${name}' on null.`);
  for (const a of args) if (a === undefined) fail("Missing argument.");
  if (typeof receiver === "string") return stringMethod(receiver, name, args);
  if (isList(receiver)) return listMethod(receiver, name, args);
  if (receiver instanceof RMap) return mapMethod(receiver, name, args);
  if (receiver instanceof RSet) return setMethod(receiver, name, args);
  if (receiver instanceof RMapDiff) return mapDiffMethod(receiver, name);
  if (receiver instanceof RTimestamp) return timestampMethod(receiver, name);
  if (receiver instanceof RDuration) return durationMethod(receiver, name);
  if (receiver instanceof RBytes) return bytesMethod(receiver, name);
  if (receiver instanceof RLatLng) return latlngMethod(receiver, name, args);
  if (receiver instanceof RPath) return pathMethod(receiver, name, args);
  return noMethod(receiver, name);
}

// ---- global and namespace functions ---------------------------------------------------------

function toInt(v: RValue): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) fail("int() of a non-finite float.");
    return checkInt(BigInt(Math.trunc(v)));
  }
  if (typeof v === "string") {
    if (!/^[+-]?\d+$/.test(v.trim())) fail(`int() cannot parse ${JSON.stringify(v)}.`);
    return checkInt(BigInt(v.trim()));
  }
  return fail(`int() is not defined for ${typeOf(v)}.`);
}

function toFloat(v: RValue): number {
  if (isNumber(v)) return Number(v);
  if (typeof v === "string") {
    const t = v.trim();
    if (/^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?Infinity|NaN)$/.test(t))
      return Number(t);
    return fail(`float() cannot parse ${JSON.stringify(v)}.`);
  }
  return fail(`float() is not defined for ${typeOf(v)}.`);
}

export function toPath(v: RValue): RPath {
  if (v instanceof RPath) return v;
  const s = str(v, "path()");
  return new RPath(s.split("/").filter((x) => x !== ""));
}

export function callGlobal(name: string, args: RValue[]): RValue {
  const a = args[0]!;
  switch (name) {
    case "debug":
      return a;
    case "string":
      if (a === null) return "null";
      if (typeof a === "string") return a;
      if (a instanceof RPath) return a.toString();
      if (typeof a === "boolean" || typeof a === "bigint" || typeof a === "number")
        return segmentText(a);
      return fail(`string() is not defined for ${typeOf(a)}.`);
    case "int":
      return toInt(a);
    case "float":
      return toFloat(a);
    case "bool":
      if (typeof a === "boolean") return a;
      if (a === "true") return true;
      if (a === "false") return false;
      return fail(`bool() cannot convert ${typeOf(a)} ${JSON.stringify(a)}.`);
    case "path":
      return toPath(a);
  }
  return fail(`Unknown function '${name}'.`);
}

function roundToInt(v: RValue, f: (x: number) => number, what: string): bigint {
  if (typeof v === "bigint") return v;
  const n = f(num(v, what));
  if (!Number.isFinite(n)) fail(`${what} of a non-finite value.`);
  const r = BigInt(n);
  if (r < INT64_MIN || r > INT64_MAX) fail("Integer overflow.");
  return r;
}

export function callNamespace(ns: string, name: string, args: RValue[]): RValue {
  const [a, b, c, d] = args as [RValue, RValue, RValue, RValue];
  const key = `${ns}.${name}`;
  switch (key) {
    case "math.abs":
      if (typeof a === "bigint") return checkInt(a < 0n ? -a : a);
      return Math.abs(num(a, key));
    case "math.ceil":
      return roundToInt(a, Math.ceil, key);
    case "math.floor":
      return roundToInt(a, Math.floor, key);
    case "math.round":
      // Half away from zero.
      return roundToInt(a, (x) => Math.sign(x) * Math.round(Math.abs(x)), key);
    case "math.sqrt":
      return Math.sqrt(num(a, key));
    case "math.pow":
      return Math.pow(num(a, key), num(b, key));
    case "math.isInfinite":
      return typeof a === "number" ? a === Infinity || a === -Infinity : (num(a, key), false);
    case "math.isNaN":
      return typeof a === "number" ? Number.isNaN(a) : (num(a, key), false);
    case "timestamp.date":
      return timestampFromYmd(int(a, key), int(b, key), int(c, key));
    case "timestamp.value":
      return checkTimestamp(int(a, key) * 1_000_000n);
    case "duration.value":
      return durationValue(a, b);
    case "duration.time": {
      const total =
        int(a, key) * 3600n * NANOS_PER_SECOND +
        int(b, key) * 60n * NANOS_PER_SECOND +
        int(c, key) * NANOS_PER_SECOND +
        int(d, key);
      return new RDuration(checkInt(total));
    }
    case "duration.abs": {
      if (!(a instanceof RDuration)) return fail(`${key} expects a duration, got ${typeOf(a)}.`);
      return new RDuration(a.nanos < 0n ? -a.nanos : a.nanos);
    }
    case "latlng.value": {
      const lat = num(a, key);
      const lng = num(b, key);
      if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) fail("latlng out of range.");
      return new RLatLng(lat, lng);
    }
    case "hashing.md5":
    case "hashing.sha256":
      return new RBytes(new Uint8Array(createHash(name).update(hashInput(a, key)).digest()));
    case "hashing.crc32":
      return crcBytes(crc(hashInput(a, key), CRC32_TABLE));
    case "hashing.crc32c":
      return crcBytes(crc(hashInput(a, key), CRC32C_TABLE));
  }
  return fail(`Unknown function '${key}'.`);
}

function hashInput(v: RValue, what: string): Uint8Array {
  if (typeof v === "string") return Buffer.from(v, "utf8");
  if (v instanceof RBytes) return v.bytes;
  return fail(`${what} expects a string or bytes, got ${typeOf(v)}.`);
}

function crcTable(poly: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

const CRC32_TABLE = crcTable(0xedb88320);
const CRC32C_TABLE = crcTable(0x82f63b78);

function crc(data: Uint8Array, table: Uint32Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function crcBytes(value: number): RBytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return new RBytes(out);
}
