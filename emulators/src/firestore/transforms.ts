/** Field transforms of a write (DocumentTransform.FieldTransform), applied at commit time. */
import type { Value } from "../shared/value.js";
import { invalidArgument } from "./errors.js";
import { getField, parseFieldPath, setField } from "./field-path.js";
import { arrayElements, compareNumbers, isNumeric, numberOf, valuesEqual } from "./values.js";

export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: "REQUEST_TIME" | "SERVER_VALUE_UNSPECIFIED";
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function requireNumber(value: Value | undefined, kind: string): Value {
  if (!isNumeric(value)) throw invalidArgument(`${kind} transform requires a numeric value.`);
  return value!;
}

function increment(current: Value | undefined, operand: Value): Value {
  if (!isNumeric(current)) return operand;
  if ("integerValue" in current! && "integerValue" in operand) {
    let sum = BigInt(current.integerValue) + BigInt(operand.integerValue);
    // Integer overflow saturates at the int64 bounds.
    if (sum > INT64_MAX) sum = INT64_MAX;
    if (sum < INT64_MIN) sum = INT64_MIN;
    return { integerValue: sum.toString() };
  }
  return { doubleValue: numberOf(current!) + numberOf(operand) };
}

const isZero = (v: Value) => numberOf(v) === 0;

/** maximum/minimum: NaN wins; equal operands (3 and 3.0, or any zeros) keep the stored value. */
function extreme(current: Value | undefined, operand: Value, want: 1 | -1): Value {
  if (!isNumeric(current)) return operand;
  const stored = current!;
  if ("doubleValue" in stored && Number.isNaN(stored.doubleValue)) return stored;
  if ("doubleValue" in operand && Number.isNaN(operand.doubleValue)) return operand;
  if (isZero(stored) && isZero(operand)) return stored;
  const c = compareNumbers(operand, stored);
  return c === want ? operand : stored;
}

function arrayUnion(current: Value | undefined, values: Value[]): Value {
  const result = [...(arrayElements(current) ?? [])];
  for (const v of values) if (!result.some((e) => valuesEqual(e, v))) result.push(v);
  return { arrayValue: { values: result } };
}

function arrayRemove(current: Value | undefined, values: Value[]): Value {
  const result = (arrayElements(current) ?? []).filter(
    (e) => !values.some((v) => valuesEqual(e, v)),
  );
  return { arrayValue: { values: result } };
}

/** Applies transforms in place; returns the transform results in order. */
export function applyTransforms(
  fields: Record<string, Value>,
  transforms: FieldTransform[],
  commitTime: string,
): Value[] {
  const results: Value[] = [];
  for (const t of transforms) {
    const path = parseFieldPath(t.fieldPath);
    const current = getField(fields, path);
    let next: Value;
    let result: Value;
    if (t.setToServerValue !== undefined) {
      if (t.setToServerValue !== "REQUEST_TIME") throw invalidArgument("Unsupported server value.");
      next = result = { timestampValue: commitTime };
    } else if (t.increment !== undefined) {
      next = result = increment(current, requireNumber(t.increment, "increment"));
    } else if (t.maximum !== undefined) {
      next = result = extreme(current, requireNumber(t.maximum, "maximum"), 1);
    } else if (t.minimum !== undefined) {
      next = result = extreme(current, requireNumber(t.minimum, "minimum"), -1);
    } else if (t.appendMissingElements !== undefined) {
      next = arrayUnion(current, t.appendMissingElements.values ?? []);
      result = { nullValue: null };
    } else if (t.removeAllFromArray !== undefined) {
      next = arrayRemove(current, t.removeAllFromArray.values ?? []);
      result = { nullValue: null };
    } else {
      throw invalidArgument(`Field transform for ${t.fieldPath} has no transform type.`);
    }
    setField(fields, path, structuredClone(next));
    results.push(structuredClone(result));
  }
  return results;
}
