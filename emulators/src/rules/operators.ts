/** Arithmetic, membership and type-test operators of the rules language. */
import {
  RDuration,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  RBytes,
  RLatLng,
  RMapDiff,
  checkInt,
  compare,
  equals,
  fail,
  isList,
  isNumber,
  typeOf,
  type RValue,
} from "./values.js";

function numeric(
  op: string,
  a: RValue,
  b: RValue,
  ints: (x: bigint, y: bigint) => bigint,
  floats: (x: number, y: number) => number,
): RValue {
  if (typeof a === "bigint" && typeof b === "bigint") return checkInt(ints(a, b));
  if (isNumber(a) && isNumber(b)) return floats(Number(a), Number(b));
  return fail(`Operator '${op}' is not defined for ${typeOf(a)} and ${typeOf(b)}.`);
}

export function add(a: RValue, b: RValue): RValue {
  if (typeof a === "string" && typeof b === "string") return a + b;
  if (isList(a) && isList(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration) return timestampPlus(a, b.nanos);
  if (a instanceof RDuration && b instanceof RTimestamp) return timestampPlus(b, a.nanos);
  if (a instanceof RDuration && b instanceof RDuration)
    return new RDuration(checkInt(a.nanos + b.nanos));
  return numeric(
    "+",
    a,
    b,
    (x, y) => x + y,
    (x, y) => x + y,
  );
}

export function subtract(a: RValue, b: RValue): RValue {
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return new RDuration(checkInt(a.nanos - b.nanos));
  if (a instanceof RTimestamp && b instanceof RDuration) return timestampPlus(a, -b.nanos);
  if (a instanceof RDuration && b instanceof RDuration)
    return new RDuration(checkInt(a.nanos - b.nanos));
  return numeric(
    "-",
    a,
    b,
    (x, y) => x - y,
    (x, y) => x - y,
  );
}

export function multiply(a: RValue, b: RValue): RValue {
  return numeric(
    "*",
    a,
    b,
    (x, y) => x * y,
    (x, y) => x * y,
  );
}

export function divide(a: RValue, b: RValue): RValue {
  if (isNumber(b) && Number(b) === 0) fail("Division by zero.");
  return numeric(
    "/",
    a,
    b,
    (x, y) => x / y,
    (x, y) => x / y,
  );
}

export function modulo(a: RValue, b: RValue): RValue {
  if (isNumber(b) && Number(b) === 0) fail("Modulo by zero.");
  return numeric(
    "%",
    a,
    b,
    (x, y) => x % y,
    (x, y) => x % y,
  );
}

export function negate(a: RValue): RValue {
  if (typeof a === "bigint") return checkInt(-a);
  if (typeof a === "number") return -a;
  if (a instanceof RDuration) return new RDuration(checkInt(-a.nanos));
  return fail(`Operator '-' is not defined for ${typeOf(a)}.`);
}

export function not(a: RValue): boolean {
  if (typeof a !== "boolean") fail(`Operator '!' needs a bool, got ${typeOf(a)}.`);
  return !a;
}

/** `a in b`: list/set membership or map key. */
export function contains(collection: RValue, item: RValue): boolean {
  if (isList(collection)) return collection.some((x) => equals(x, item));
  if (collection instanceof RSet) return collection.has(item);
  if (collection instanceof RMap) {
    if (typeof item !== "string") fail(`Map keys are strings; 'in' got ${typeOf(item)}.`);
    return collection.entries.has(item);
  }
  return fail(`Operator 'in' is not defined for ${typeOf(collection)}.`);
}

export function relational(op: "<" | "<=" | ">" | ">=", a: RValue, b: RValue): boolean {
  const c = compare(a, b);
  if (Number.isNaN(c)) return false;
  switch (op) {
    case "<":
      return c < 0;
    case "<=":
      return c <= 0;
    case ">":
      return c > 0;
    case ">=":
      return c >= 0;
  }
}

export function isType(v: RValue, typeName: string): boolean {
  switch (typeName) {
    case "bool":
      return typeof v === "boolean";
    case "int":
      return typeof v === "bigint";
    case "float":
      return typeof v === "number";
    case "number":
      return isNumber(v);
    case "string":
      return typeof v === "string";
    case "list":
      return isList(v);
    case "map":
      return v instanceof RMap;
    case "set":
      return v instanceof RSet;
    case "bytes":
      return v instanceof RBytes;
    case "timestamp":
      return v instanceof RTimestamp;
    case "duration":
      return v instanceof RDuration;
    case "latlng":
      return v instanceof RLatLng;
    case "path":
      return v instanceof RPath;
    case "map_diff":
      return v instanceof RMapDiff;
    default:
      // "constraint" names a type no runtime value has.
      return false;
  }
}

/** Timestamps span 0001-01-01 to 9999-12-31 as in Firestore. */
const MIN_TS = -62135596800n * 1_000_000_000n;
const MAX_TS = 253402300799999999999n;

export function timestampPlus(t: RTimestamp, nanos: bigint): RTimestamp {
  return checkTimestamp(t.nanos + nanos);
}

export function checkTimestamp(nanos: bigint): RTimestamp {
  if (nanos < MIN_TS || nanos > MAX_TS) fail("Timestamp out of range.");
  return new RTimestamp(nanos);
}
