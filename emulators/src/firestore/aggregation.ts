/** Aggregations of StructuredAggregationQuery: count (with up_to), sum and avg. */
import type { Value } from "../shared/value.js";
import { invalidArgument } from "./errors.js";
import { getField, parseFieldPath } from "./field-path.js";
import type { StoredDocument } from "./document-store.js";
import { numberOf } from "./values.js";

export interface AggregationJson {
  alias?: string;
  count?: { upTo?: number | string | { value?: number | string } };
  sum?: { field: { fieldPath: string } };
  avg?: { field: { fieldPath: string } };
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const MAX_AGGREGATIONS = 5;

function upToOf(count: NonNullable<AggregationJson["count"]>): number | undefined {
  const raw = typeof count.upTo === "object" && count.upTo !== null ? count.upTo.value : count.upTo;
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw invalidArgument("count up_to must be greater than zero.");
  return n;
}

/** Sum: an integer while every term is an integer and the total fits in int64, else a double. */
function sum(values: Value[]): Value {
  let int = 0n;
  let double = 0;
  let isDouble = false;
  for (const v of values) {
    if ("integerValue" in v && !isDouble) {
      int += BigInt(v.integerValue);
      if (int > INT64_MAX || int < INT64_MIN) {
        isDouble = true;
        double = Number(int);
      }
    } else {
      if (!isDouble) {
        isDouble = true;
        double = Number(int);
      }
      double += numberOf(v);
    }
  }
  return isDouble ? { doubleValue: double } : { integerValue: int.toString() };
}

export function aggregate(
  aggregations: AggregationJson[],
  docs: StoredDocument[],
): Record<string, Value> {
  if (aggregations.length === 0) throw invalidArgument("At least one aggregation is required.");
  if (aggregations.length > MAX_AGGREGATIONS) {
    throw invalidArgument(`Aggregation queries support at most ${MAX_AGGREGATIONS} aggregations.`);
  }
  const result: Record<string, Value> = {};
  aggregations.forEach((a, i) => {
    const alias = a.alias || `field_${i + 1}`;
    if (Object.hasOwn(result, alias)) throw invalidArgument(`Duplicate alias: ${alias}`);
    if (a.count) {
      const upTo = upToOf(a.count);
      result[alias] = {
        integerValue: String(upTo === undefined ? docs.length : Math.min(docs.length, upTo)),
      };
      return;
    }
    const spec = a.sum ?? a.avg;
    if (!spec) throw invalidArgument("Aggregation must be count, sum or avg.");
    const path = parseFieldPath(spec.field.fieldPath);
    // Non-numeric values (and documents without the field) are ignored.
    const numbers = docs
      .map((d) => getField(d.fields, path))
      .filter((v): v is Value => v !== undefined && ("integerValue" in v || "doubleValue" in v));
    if (a.sum) {
      result[alias] = sum(numbers);
    } else {
      result[alias] =
        numbers.length === 0
          ? { nullValue: null }
          : { doubleValue: numbers.reduce((t, v) => t + numberOf(v), 0) / numbers.length };
    }
  });
  return result;
}
