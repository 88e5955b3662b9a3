/**
 * Every built-in of the rules language, each registered once with its signature: the global
 * functions, the namespace functions (math.abs, ...) and the methods of each type. The loader
 * checks names and argument counts against these tables (so a misspelling is a load error, not a
 * silent denial) and the evaluator calls the implementation from the same entry. Document reads
 * (get, exists, firestore.get, ...) need I/O: their entries carry no implementation and the
 * evaluator performs them.
 */
import { createHash } from "node:crypto";
import type { RulesService } from "./api.js";
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

// ---- the tables' shape ----------------------------------------------------------------------

type Fn = (args: RValue[]) => RValue;

interface BuiltinFunction {
  arity: number;
  /** Absent for document reads, which the evaluator performs. */
  call: Fn | undefined;
  /** The services that offer it; all when absent. */
  services: readonly RulesService[] | undefined;
}

/** Marks a document read in a function table (performed by the evaluator, which has the I/O). */
const DOCUMENT_READ = undefined;

function functions(
  entries: Record<string, [number, Fn | undefined, (readonly RulesService[])?]>,
): ReadonlyMap<string, BuiltinFunction> {
  return new Map(
    Object.entries(entries).map(([name, [arity, call, services]]) => [
      name,
      { arity, call, services },
    ]),
  );
}

interface Method<T> {
  arity: number;
  call(self: T, args: RValue[]): RValue;
}

type MethodTable<T> = ReadonlyMap<string, Method<T>>;

function methods<T>(
  entries: Record<string, [number, (self: T, args: RValue[]) => RValue]>,
): MethodTable<T> {
  return new Map(Object.entries(entries).map(([name, [arity, call]]) => [name, { arity, call }]));
}

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

const TIMESTAMP_METHODS = methods<RTimestamp>({
  year: [0, (t) => BigInt(t.toDate().getUTCFullYear())],
  month: [0, (t) => BigInt(t.toDate().getUTCMonth() + 1)],
  day: [0, (t) => BigInt(t.toDate().getUTCDate())],
  hours: [0, (t) => BigInt(t.toDate().getUTCHours())],
  minutes: [0, (t) => BigInt(t.toDate().getUTCMinutes())],
  seconds: [0, (t) => BigInt(t.toDate().getUTCSeconds())],
  nanos: [0, (t) => floorMod(t.nanos, NANOS_PER_SECOND)],
  dayOfWeek: [
    0,
    (t) => {
      const day = t.toDate().getUTCDay(); // 0 = Sunday; rules count Monday as 1 and Sunday as 7
      return BigInt(day === 0 ? 7 : day);
    },
  ],
  dayOfYear: [
    0,
    (t) => {
      const d = t.toDate();
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return BigInt((today - start) / 86_400_000 + 1);
    },
  ],
  date: [0, (t) => new RTimestamp(t.nanos - floorMod(t.nanos, NANOS_PER_DAY))],
  time: [0, (t) => new RDuration(floorMod(t.nanos, NANOS_PER_DAY))],
  toMillis: [0, (t) => floorDiv(t.nanos, 1_000_000n)],
});

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

const DURATION_METHODS = methods<RDuration>({
  // Both truncate toward zero.
  seconds: [0, (d) => d.nanos / NANOS_PER_SECOND],
  nanos: [0, (d) => d.nanos - (d.nanos / NANOS_PER_SECOND) * NANOS_PER_SECOND],
  abs: [0, (d) => new RDuration(d.nanos < 0n ? -d.nanos : d.nanos)],
});

// ---- strings, lists, sets, maps -------------------------------------------------------------

const STRING_METHODS = methods<string>({
  size: [0, (s) => BigInt([...s].length)],
  matches: [1, (s, [p]) => compileRegex(str(p!, "matches"), "full").test(s)],
  lower: [0, (s) => s.toLowerCase()],
  upper: [0, (s) => s.toUpperCase()],
  trim: [0, (s) => s.trim()],
  split: [1, (s, [p]) => s.split(compileRegex(str(p!, "split"), "global"))],
  replace: [
    2,
    (s, [p, r]) => {
      const re = compileRegex(str(p!, "replace"), "global");
      // RE2 substitutions use \1; JS uses $1. A literal $ must not be interpreted.
      const sub = str(r!, "replace")
        .replace(/\$/g, "$$$$")
        .replace(/\\(\d)/g, "$$$1");
      return s.replace(re, sub);
    },
  ],
  toUtf8: [0, (s) => new RBytes(new Uint8Array(Buffer.from(s, "utf8")))],
});

function hasAll(self: readonly RValue[], other: readonly RValue[]): boolean {
  return other.every((o) => self.some((x) => equals(x, o)));
}

function hasAny(self: readonly RValue[], other: readonly RValue[]): boolean {
  return other.some((o) => self.some((x) => equals(x, o)));
}

const LIST_METHODS = methods<readonly RValue[]>({
  size: [0, (list) => BigInt(list.length)],
  hasAll: [1, (list, [o]) => hasAll(list, items(o!, "hasAll"))],
  hasAny: [1, (list, [o]) => hasAny(list, items(o!, "hasAny"))],
  hasOnly: [1, (list, [o]) => hasAll(items(o!, "hasOnly"), list)],
  join: [
    1,
    (list, [sep]) => {
      const separator = str(sep!, "join");
      return list.map((x) => str(x, "join (list elements)")).join(separator);
    },
  ],
  concat: [
    1,
    (list, [other]) => {
      if (!isList(other!)) fail(`concat expects a list, got ${typeOf(other!)}.`);
      return [...list, ...other];
    },
  ],
  removeAll: [
    1,
    (list, [o]) => {
      const remove = items(o!, "removeAll");
      return list.filter((x) => !remove.some((r) => equals(r, x)));
    },
  ],
  toSet: [0, (list) => new RSet(list)],
});

const SET_METHODS = methods<RSet>({
  size: [0, (set) => BigInt(set.items.length)],
  hasAll: [1, (set, [o]) => hasAll(set.items, items(o!, "hasAll"))],
  hasAny: [1, (set, [o]) => hasAny(set.items, items(o!, "hasAny"))],
  hasOnly: [1, (set, [o]) => hasAll(items(o!, "hasOnly"), set.items)],
  union: [1, (set, [o]) => new RSet([...set.items, ...items(o!, "union")])],
  intersection: [
    1,
    (set, [o]) => {
      const other = new RSet(items(o!, "intersection"));
      return new RSet(set.items.filter((x) => other.has(x)));
    },
  ],
  difference: [
    1,
    (set, [o]) => {
      const other = new RSet(items(o!, "difference"));
      return new RSet(set.items.filter((x) => !other.has(x)));
    },
  ],
});

const MAP_METHODS = methods<RMap>({
  size: [0, (m) => BigInt(m.entries.size)],
  keys: [0, (m) => [...m.entries.keys()]],
  values: [0, (m) => [...m.entries.values()]],
  get: [
    2,
    (m, [key, fallback]) => {
      const keyPath = isList(key!) ? key.map((k) => str(k, "get (key path)")) : [str(key!, "get")];
      let current: RValue = m;
      for (const k of keyPath) {
        if (!(current instanceof RMap) || !current.entries.has(k)) return fallback!;
        current = current.entries.get(k)!;
      }
      return current;
    },
  ],
  diff: [1, (m, [other]) => new RMapDiff(m, map(other!, "diff"))],
});

/** The key sets of a map diff: added, removed, changed (shared with another value), unchanged. */
function diffKeys(d: RMapDiff) {
  const left = d.left.entries;
  const right = d.right.entries;
  const added = [...right.keys()].filter((k) => !left.has(k));
  const removed = [...left.keys()].filter((k) => !right.has(k));
  const shared = [...left.keys()].filter((k) => right.has(k));
  const changed = shared.filter((k) => !equals(left.get(k)!, right.get(k)!));
  return { added, removed, shared, changed };
}

const MAP_DIFF_METHODS = methods<RMapDiff>({
  addedKeys: [0, (d) => new RSet(diffKeys(d).added)],
  removedKeys: [0, (d) => new RSet(diffKeys(d).removed)],
  changedKeys: [0, (d) => new RSet(diffKeys(d).changed)],
  affectedKeys: [
    0,
    (d) => {
      const { added, removed, changed } = diffKeys(d);
      return new RSet([...added, ...removed, ...changed]);
    },
  ],
  unchangedKeys: [
    0,
    (d) => {
      const { shared, changed } = diffKeys(d);
      return new RSet(shared.filter((k) => !changed.includes(k)));
    },
  ],
});

// ---- bytes, latlng, path --------------------------------------------------------------------

const BYTES_METHODS = methods<RBytes>({
  size: [0, (b) => BigInt(b.bytes.length)],
  toBase64: [0, (b) => Buffer.from(b.bytes).toString("base64url")],
  toHexString: [0, (b) => Buffer.from(b.bytes).toString("hex").toUpperCase()],
});

/** Mean Earth radius in metres, as used for geographic distances. */
const EARTH_RADIUS_M = 6_371_010;

const LATLNG_METHODS = methods<RLatLng>({
  latitude: [0, (p) => p.lat],
  longitude: [0, (p) => p.lng],
  distance: [
    1,
    (p, [q]) => {
      if (!(q instanceof RLatLng)) fail(`distance expects a latlng, got ${typeOf(q!)}.`);
      const rad = Math.PI / 180;
      const dLat = (q.lat - p.lat) * rad;
      const dLng = (q.lng - p.lng) * rad;
      const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
    },
  ],
});

const PATH_METHODS = methods<RPath>({
  size: [0, (p) => BigInt(p.segments.length)],
  bind: [
    1,
    (p, [b]) => {
      const bindings = map(b!, "bind");
      return new RPath(
        p.segments.map((seg) => {
          const m = /^(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|\$\(([A-Za-z_][A-Za-z0-9_]*)\))$/.exec(seg);
          const key = m?.[1] ?? m?.[2];
          if (key === undefined) return seg;
          if (!bindings.entries.has(key)) fail(`bind: no value for '${key}'.`);
          return segmentText(bindings.entries.get(key)!);
        }),
      );
    },
  ],
});

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

/** Which table serves a receiver: the first whose type test accepts it. */
const METHOD_TABLES: readonly [(v: RValue) => boolean, MethodTable<never>][] = [
  [(v) => typeof v === "string", STRING_METHODS],
  [(v) => isList(v), LIST_METHODS],
  [(v) => v instanceof RMap, MAP_METHODS],
  [(v) => v instanceof RSet, SET_METHODS],
  [(v) => v instanceof RMapDiff, MAP_DIFF_METHODS],
  [(v) => v instanceof RTimestamp, TIMESTAMP_METHODS],
  [(v) => v instanceof RDuration, DURATION_METHODS],
  [(v) => v instanceof RBytes, BYTES_METHODS],
  [(v) => v instanceof RLatLng, LATLNG_METHODS],
  [(v) => v instanceof RPath, PATH_METHODS],
];

export function callMethod(receiver: RValue, name: string, args: RValue[]): RValue {
  if (receiver === null) fail(`Null value error: cannot call '${name}' on null.`);
  for (const a of args) if (a === undefined) fail("Missing argument.");
  const table = METHOD_TABLES.find(([accepts]) => accepts(receiver))?.[1];
  const method = table?.get(name) as Method<RValue> | undefined;
  if (!method) return noMethod(receiver, name);
  return method.call(receiver, args);
}

/** Every method name with the argument counts it accepts on any type (for the loader). */
export const METHOD_ARITIES: ReadonlyMap<string, readonly number[]> = (() => {
  const arities = new Map<string, number[]>();
  for (const [, table] of METHOD_TABLES) {
    for (const [name, method] of table) {
      const known = arities.get(name) ?? [];
      if (!known.includes(method.arity)) known.push(method.arity);
      arities.set(name, known);
    }
  }
  return arities;
})();

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

/** The argument of string(): null, strings, paths, bools and numbers have a text form. */
function toStringValue(a: RValue): string {
  if (a === null) return "null";
  if (typeof a === "string") return a;
  if (a instanceof RPath) return a.toString();
  if (typeof a === "boolean" || typeof a === "bigint" || typeof a === "number")
    return segmentText(a);
  return fail(`string() is not defined for ${typeOf(a)}.`);
}

function toBool(a: RValue): boolean {
  if (typeof a === "boolean") return a;
  if (a === "true") return true;
  if (a === "false") return false;
  return fail(`bool() cannot convert ${typeOf(a)} ${JSON.stringify(a)}.`);
}

const FIRESTORE_ONLY: readonly RulesService[] = ["cloud.firestore"];
const STORAGE_ONLY: readonly RulesService[] = ["firebase.storage"];

/** Global functions. get/exists/getAfter/existsAfter read documents: the evaluator runs them. */
const GLOBAL_FUNCTIONS = functions({
  debug: [1, ([a]) => a!],
  string: [1, ([a]) => toStringValue(a!)],
  int: [1, ([a]) => toInt(a!)],
  float: [1, ([a]) => toFloat(a!)],
  bool: [1, ([a]) => toBool(a!)],
  path: [1, ([a]) => toPath(a!)],
  get: [1, DOCUMENT_READ, FIRESTORE_ONLY],
  exists: [1, DOCUMENT_READ, FIRESTORE_ONLY],
  getAfter: [1, DOCUMENT_READ, FIRESTORE_ONLY],
  existsAfter: [1, DOCUMENT_READ, FIRESTORE_ONLY],
});

export function callGlobal(name: string, args: RValue[]): RValue {
  const call = GLOBAL_FUNCTIONS.get(name)?.call;
  if (!call) return fail(`Unknown function '${name}'.`);
  return call(args);
}

function roundToInt(v: RValue, f: (x: number) => number, what: string): bigint {
  if (typeof v === "bigint") return v;
  const n = f(num(v, what));
  if (!Number.isFinite(n)) fail(`${what} of a non-finite value.`);
  const r = BigInt(n);
  if (r < INT64_MIN || r > INT64_MAX) fail("Integer overflow.");
  return r;
}

function hashFunction(algorithm: "md5" | "sha256"): Fn {
  return ([a]) =>
    new RBytes(
      new Uint8Array(
        createHash(algorithm)
          .update(hashInput(a!, `hashing.${algorithm}`))
          .digest(),
      ),
    );
}

/** Namespace functions, by "namespace.name". firestore.get/exists (Storage) read documents. */
const NAMESPACE_FUNCTIONS = functions({
  "math.abs": [
    1,
    ([a]) => (typeof a === "bigint" ? checkInt(a < 0n ? -a : a) : Math.abs(num(a!, "math.abs"))),
  ],
  "math.ceil": [1, ([a]) => roundToInt(a!, Math.ceil, "math.ceil")],
  "math.floor": [1, ([a]) => roundToInt(a!, Math.floor, "math.floor")],
  // Half away from zero.
  "math.round": [
    1,
    ([a]) => roundToInt(a!, (x) => Math.sign(x) * Math.round(Math.abs(x)), "math.round"),
  ],
  "math.sqrt": [1, ([a]) => Math.sqrt(num(a!, "math.sqrt"))],
  "math.pow": [2, ([a, b]) => Math.pow(num(a!, "math.pow"), num(b!, "math.pow"))],
  "math.isInfinite": [
    1,
    ([a]) =>
      typeof a === "number"
        ? a === Infinity || a === -Infinity
        : (num(a!, "math.isInfinite"), false),
  ],
  "math.isNaN": [
    1,
    ([a]) => (typeof a === "number" ? Number.isNaN(a) : (num(a!, "math.isNaN"), false)),
  ],
  "timestamp.date": [
    3,
    ([y, m, d]) =>
      timestampFromYmd(
        int(y!, "timestamp.date"),
        int(m!, "timestamp.date"),
        int(d!, "timestamp.date"),
      ),
  ],
  "timestamp.value": [1, ([a]) => checkTimestamp(int(a!, "timestamp.value") * 1_000_000n)],
  "duration.value": [2, ([a, b]) => durationValue(a!, b!)],
  "duration.time": [
    4,
    ([h, m, s, n]) => {
      const key = "duration.time";
      const total =
        int(h!, key) * 3600n * NANOS_PER_SECOND +
        int(m!, key) * 60n * NANOS_PER_SECOND +
        int(s!, key) * NANOS_PER_SECOND +
        int(n!, key);
      return new RDuration(checkInt(total));
    },
  ],
  "duration.abs": [
    1,
    ([a]) => {
      if (!(a instanceof RDuration))
        return fail(`duration.abs expects a duration, got ${typeOf(a!)}.`);
      return new RDuration(a.nanos < 0n ? -a.nanos : a.nanos);
    },
  ],
  "latlng.value": [
    2,
    ([a, b]) => {
      const lat = num(a!, "latlng.value");
      const lng = num(b!, "latlng.value");
      if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) fail("latlng out of range.");
      return new RLatLng(lat, lng);
    },
  ],
  "hashing.md5": [1, hashFunction("md5")],
  "hashing.sha256": [1, hashFunction("sha256")],
  "hashing.crc32": [1, ([a]) => crcBytes(crc(hashInput(a!, "hashing.crc32"), CRC32_TABLE))],
  "hashing.crc32c": [1, ([a]) => crcBytes(crc(hashInput(a!, "hashing.crc32c"), CRC32C_TABLE))],
  "firestore.get": [1, DOCUMENT_READ, STORAGE_ONLY],
  "firestore.exists": [1, DOCUMENT_READ, STORAGE_ONLY],
});

export function callNamespace(ns: string, name: string, args: RValue[]): RValue {
  const key = `${ns}.${name}`;
  const call = NAMESPACE_FUNCTIONS.get(key)?.call;
  if (!call) return fail(`Unknown function '${key}'.`);
  return call(args);
}

// ---- signatures for the loader --------------------------------------------------------------

const offeredBy = (fn: BuiltinFunction, service: RulesService) =>
  fn.services === undefined || fn.services.includes(service);

/** Global functions of a service: name → number of arguments. */
export function globalFunctions(service: RulesService): ReadonlyMap<string, number> {
  return new Map(
    [...GLOBAL_FUNCTIONS]
      .filter(([, fn]) => offeredBy(fn, service))
      .map(([n, fn]) => [n, fn.arity]),
  );
}

/** Namespace functions of a service: namespace → name → number of arguments. */
export function namespaceFunctions(
  service: RulesService,
): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const namespaces = new Map<string, Map<string, number>>();
  for (const [key, fn] of NAMESPACE_FUNCTIONS) {
    if (!offeredBy(fn, service)) continue;
    const [ns, name] = key.split(".") as [string, string];
    const members = namespaces.get(ns) ?? new Map<string, number>();
    members.set(name, fn.arity);
    namespaces.set(ns, members);
  }
  return namespaces;
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
