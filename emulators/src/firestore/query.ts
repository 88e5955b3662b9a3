/**
 * Structured queries (google.firestore.v1.StructuredQuery): validation, the documented implicit
 * ordering, filtering, cursors, offset/limit and projection over the documents of a collection.
 */
import type { Value } from "../shared/value.js";
import { invalidArgument } from "./errors.js";
import {
  type FieldPath,
  applyMask,
  formatFieldPath,
  getField,
  parseFieldPath,
} from "./field-path.js";
import type { StoredDocument } from "./document-store.js";
import { arrayElements, compareValues, isNaNValue, typeRank, valuesEqual } from "./values.js";

export interface FieldReference {
  fieldPath: string;
}
export type Direction = "ASCENDING" | "DESCENDING" | "DIRECTION_UNSPECIFIED";

export interface FilterJson {
  compositeFilter?: { op: "AND" | "OR" | "OPERATOR_UNSPECIFIED"; filters?: FilterJson[] };
  fieldFilter?: { field: FieldReference; op: string; value: Value };
  unaryFilter?: { op: string; field: FieldReference };
}

export interface CursorJson {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQueryJson {
  select?: { fields?: FieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterJson;
  orderBy?: { field: FieldReference; direction?: Direction }[];
  startAt?: CursorJson;
  endAt?: CursorJson;
  offset?: number;
  limit?: number | { value?: number };
  findNearest?: unknown;
}

const NAME = "__name__";

type Filter =
  | { kind: "and" | "or"; filters: Filter[] }
  | { kind: "field"; path: FieldPath; op: string; value: Value }
  | { kind: "unary"; path: FieldPath; op: string };

interface Ordering {
  path: FieldPath;
  descending: boolean;
}

/** A validated query ready to run against any set of candidate documents. */
export interface PlannedQuery {
  collectionId: string;
  allDescendants: boolean;
  filter: Filter | null;
  orderBy: Ordering[];
  startAt?: { values: Value[]; before: boolean };
  endAt?: { values: Value[]; before: boolean };
  offset: number;
  limit?: number;
  projection?: FieldPath[];
}

const FIELD_OPS = new Set([
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "EQUAL",
  "NOT_EQUAL",
  "ARRAY_CONTAINS",
  "IN",
  "ARRAY_CONTAINS_ANY",
  "NOT_IN",
]);
const UNARY_OPS = new Set(["IS_NAN", "IS_NULL", "IS_NOT_NAN", "IS_NOT_NULL"]);
const INEQUALITY_OPS = new Set([
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "NOT_EQUAL",
  "NOT_IN",
]);
const MAX_DISJUNCTIONS = 30;
const MAX_NOT_IN = 10;

function fieldPathOf(ref: FieldReference | undefined): FieldPath {
  if (!ref || typeof ref.fieldPath !== "string") throw invalidArgument("Missing field path.");
  return ref.fieldPath === NAME ? [NAME] : parseFieldPath(ref.fieldPath);
}

function planFilter(json: FilterJson): Filter | null {
  if (json.compositeFilter) {
    const op = json.compositeFilter.op;
    if (op !== "AND" && op !== "OR")
      throw invalidArgument(`Invalid composite filter operator: ${op}`);
    const filters = (json.compositeFilter.filters ?? [])
      .map(planFilter)
      .filter((f): f is Filter => f !== null);
    if (filters.length === 0) return null;
    if (filters.length === 1) return filters[0]!;
    return { kind: op === "AND" ? "and" : "or", filters };
  }
  if (json.fieldFilter) {
    const { op, value } = json.fieldFilter;
    if (!FIELD_OPS.has(op)) throw invalidArgument(`Invalid field filter operator: ${op}`);
    if (value === undefined || value === null)
      throw invalidArgument("Field filter requires a value.");
    const path = fieldPathOf(json.fieldFilter.field);
    if (op === "IN" || op === "NOT_IN" || op === "ARRAY_CONTAINS_ANY") {
      const values = arrayElements(value);
      if (!values || values.length === 0) {
        throw invalidArgument(`A non-empty array is required for '${op}' filters.`);
      }
      if (op === "NOT_IN" && values.length > MAX_NOT_IN) {
        throw invalidArgument(`'NOT_IN' supports up to ${MAX_NOT_IN} comparison values.`);
      }
      if (values.length > MAX_DISJUNCTIONS) {
        throw invalidArgument(
          `'${op}' filters support a maximum of ${MAX_DISJUNCTIONS} elements in the value array.`,
        );
      }
    }
    if (path[0] === NAME && path.length === 1) {
      const refs = op === "IN" || op === "NOT_IN" ? arrayElements(value)! : [value];
      if (op.startsWith("ARRAY_CONTAINS")) {
        throw invalidArgument(`Invalid query. You can't perform '${op}' queries on __name__.`);
      }
      for (const r of refs) {
        if (!("referenceValue" in r)) throw invalidArgument("__key__ filter value must be a Key");
      }
    }
    return { kind: "field", path, op, value };
  }
  if (json.unaryFilter) {
    const op = json.unaryFilter.op;
    if (!UNARY_OPS.has(op)) throw invalidArgument(`Invalid unary filter operator: ${op}`);
    return { kind: "unary", path: fieldPathOf(json.unaryFilter.field), op };
  }
  throw invalidArgument("Filter must have a composite, field or unary filter.");
}

function inequalityPaths(filter: Filter | null, out: Map<string, FieldPath>): void {
  if (!filter) return;
  if (filter.kind === "and" || filter.kind === "or") {
    for (const f of filter.filters) inequalityPaths(f, out);
  } else if (
    (filter.kind === "field" && INEQUALITY_OPS.has(filter.op)) ||
    (filter.kind === "unary" && (filter.op === "IS_NOT_NULL" || filter.op === "IS_NOT_NAN"))
  ) {
    out.set(formatFieldPath(filter.path), filter.path);
  }
}

function countDisjunctions(filter: Filter | null): number {
  // Size of the filter in disjunctive normal form, counting IN / ARRAY_CONTAINS_ANY elements.
  if (!filter) return 1;
  if (filter.kind === "or") return filter.filters.reduce((n, f) => n + countDisjunctions(f), 0);
  if (filter.kind === "and") return filter.filters.reduce((n, f) => n * countDisjunctions(f), 1);
  if (filter.kind === "field" && (filter.op === "IN" || filter.op === "ARRAY_CONTAINS_ANY")) {
    return arrayElements(filter.value)!.length;
  }
  return 1;
}

function collectOperators(filter: Filter | null, out: string[]): void {
  if (!filter) return;
  if ("filters" in filter) {
    if (filter.kind === "or") out.push("OR");
    for (const f of filter.filters) collectOperators(f, out);
  } else {
    out.push(filter.op);
  }
}

/** The documented restrictions on NOT_IN (which the real service enforces server-side). */
function checkOperatorCombinations(filter: Filter | null): void {
  const ops: string[] = [];
  collectOperators(filter, ops);
  const notIn = ops.filter((op) => op === "NOT_IN").length;
  if (notIn === 0) return;
  if (notIn > 1)
    throw invalidArgument("Invalid query. You cannot use more than one 'not-in' filter.");
  for (const other of ["OR", "IN", "ARRAY_CONTAINS_ANY", "NOT_EQUAL"]) {
    if (ops.includes(other)) {
      throw invalidArgument(
        `Invalid query. You cannot use 'not-in' filters with '${other}' filters.`,
      );
    }
  }
}

function limitOf(limit: StructuredQueryJson["limit"]): number | undefined {
  if (limit === undefined || limit === null) return undefined;
  const n = typeof limit === "number" ? limit : limit.value;
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 0) throw invalidArgument("limit must be a non-negative integer.");
  return n;
}

export function planQuery(query: StructuredQueryJson): PlannedQuery {
  if (!query || typeof query !== "object") throw invalidArgument("structuredQuery is required.");
  if (query.findNearest) throw invalidArgument("findNearest (vector search) is not supported.");
  const from = query.from ?? [];
  // A query without a collection id ("kindless") selects every descendant of its parent.
  if (from.length !== 1 || (!from[0]?.collectionId && from[0]?.allDescendants !== true)) {
    throw invalidArgument("A query must select exactly one collection (from).");
  }
  const filter = query.where ? planFilter(query.where) : null;
  if (countDisjunctions(filter) > MAX_DISJUNCTIONS) {
    throw invalidArgument(
      `Query has too many disjunctions; the maximum is ${MAX_DISJUNCTIONS} in disjunctive normal form.`,
    );
  }
  checkOperatorCombinations(filter);
  const orderBy: Ordering[] = (query.orderBy ?? []).map((o) => ({
    path: fieldPathOf(o.field),
    descending: o.direction === "DESCENDING",
  }));
  const seen = new Set(orderBy.map((o) => formatFieldPath(o.path)));
  // Inequality fields not ordered explicitly follow in lexicographic order, then __name__, all in
  // the direction of the last explicit ordering.
  const lastDescending = orderBy.length > 0 && orderBy[orderBy.length - 1]!.descending;
  const inequalities = new Map<string, FieldPath>();
  inequalityPaths(filter, inequalities);
  const implicit = [...inequalities.entries()]
    .filter(([key]) => !seen.has(key) && key !== NAME)
    .sort(([a], [b]) => compareFieldPaths(inequalities.get(a)!, inequalities.get(b)!));
  for (const [key, path] of implicit) {
    orderBy.push({ path, descending: lastDescending });
    seen.add(key);
  }
  if (!seen.has(NAME)) orderBy.push({ path: [NAME], descending: lastDescending });

  const cursor = (c: CursorJson | undefined) => {
    if (!c) return undefined;
    const values = c.values ?? [];
    if (values.length > orderBy.length) {
      throw invalidArgument(
        "Too many cursor values specified. The specified values must match the orderBy() constraints of the query.",
      );
    }
    return { values, before: c.before === true };
  };
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidArgument("offset must be a non-negative integer.");
  return {
    collectionId: from[0]!.collectionId ?? "",
    allDescendants: from[0]!.allDescendants === true,
    filter,
    orderBy,
    startAt: cursor(query.startAt),
    endAt: cursor(query.endAt),
    offset,
    limit: limitOf(query.limit),
    projection: query.select ? (query.select.fields ?? []).map(fieldPathOf) : undefined,
  };
}

function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/** Reads a field of a document; `__name__` is the document's reference value. */
export function fieldOf(doc: StoredDocument, path: FieldPath, name: string): Value | undefined {
  if (path.length === 1 && path[0] === NAME) return { referenceValue: name };
  return getField(doc.fields, path);
}

function matchesField(actual: Value | undefined, op: string, expected: Value): boolean {
  if (actual === undefined) return false;
  switch (op) {
    case "EQUAL":
      return valuesEqual(actual, expected);
    case "NOT_EQUAL":
      return !("nullValue" in actual) && !valuesEqual(actual, expected);
    case "LESS_THAN":
    case "LESS_THAN_OR_EQUAL":
    case "GREATER_THAN":
    case "GREATER_THAN_OR_EQUAL": {
      // Range filters only match values of the same type (ints and doubles are one type; NaN
      // sorts before every other number).
      if (typeRank(actual) !== typeRank(expected)) return false;
      const c = compareValues(actual, expected);
      if (op === "LESS_THAN") return c < 0;
      if (op === "LESS_THAN_OR_EQUAL") return c <= 0;
      if (op === "GREATER_THAN") return c > 0;
      return c >= 0;
    }
    case "ARRAY_CONTAINS":
      return (arrayElements(actual) ?? []).some((e) => valuesEqual(e, expected));
    case "ARRAY_CONTAINS_ANY": {
      const elements = arrayElements(actual) ?? [];
      return arrayElements(expected)!.some((v) => elements.some((e) => valuesEqual(e, v)));
    }
    case "IN":
      return arrayElements(expected)!.some((v) => valuesEqual(actual, v));
    case "NOT_IN": {
      // A null in the list matches nothing: every value is "not in" only if null is excluded.
      const values = arrayElements(expected)!;
      if (values.some((v) => "nullValue" in v)) return false;
      return !("nullValue" in actual) && !values.some((v) => valuesEqual(actual, v));
    }
    default:
      return false;
  }
}

function matchesUnary(actual: Value | undefined, op: string): boolean {
  if (actual === undefined) return false;
  switch (op) {
    case "IS_NULL":
      return "nullValue" in actual;
    case "IS_NAN":
      return isNaNValue(actual);
    case "IS_NOT_NULL":
      return !("nullValue" in actual);
    case "IS_NOT_NAN":
      return !("nullValue" in actual) && !isNaNValue(actual);
    default:
      return false;
  }
}

function mentionsName(filter: Filter): boolean {
  if ("filters" in filter) return filter.filters.some(mentionsName);
  return filter.path.length === 1 && filter.path[0] === NAME;
}

function matchesFilter(filter: Filter, doc: StoredDocument, name: string): boolean {
  switch (filter.kind) {
    case "and":
      return filter.filters.every((f) => matchesFilter(f, doc, name));
    case "or":
      return filter.filters.some((f) => matchesFilter(f, doc, name));
    case "field":
      return matchesField(fieldOf(doc, filter.path, name), filter.op, filter.value);
    case "unary":
      return matchesUnary(fieldOf(doc, filter.path, name), filter.op);
  }
}

interface Row {
  doc: StoredDocument;
  name: string;
  keys: Value[];
}

function compareRows(orderBy: Ordering[], a: Value[], b: Value[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return orderBy[i]!.descending ? -c : c;
  }
  return 0;
}

/** Where a row sits relative to a cursor: <0 before it, 0 at it (on the cursor's prefix), >0 after. */
function compareToCursor(
  query: PlannedQuery,
  row: Row,
  cursor: Value[],
  parentPrefix: string,
): number {
  const values = cursor.map((v, i) => {
    const o = query.orderBy[i]!;
    // A cursor on __name__ may be given relative to the query's parent ("doc" or "coll/doc").
    if (o.path[0] === NAME && "stringValue" in v) {
      return {
        referenceValue:
          parentPrefix +
          (v.stringValue.includes("/") ? "" : query.collectionId + "/") +
          v.stringValue,
      };
    }
    return v;
  });
  return compareRows(query.orderBy, row.keys.slice(0, values.length), values);
}

export interface QueryResult {
  documents: { doc: StoredDocument; name: string }[];
  skipped: number;
}

/**
 * Runs a planned query over candidate documents. `nameOf` gives a document's full resource name;
 * `parentPrefix` is the query parent's name plus "/".
 */
export function executeQuery(
  query: PlannedQuery,
  candidates: Iterable<StoredDocument>,
  nameOf: (doc: StoredDocument) => string,
  parentPrefix: string,
): QueryResult {
  const rows: Row[] = [];
  const filter = query.filter;
  // Most filters never look at __name__; build the (string-concatenated) name only when needed.
  const needsName = filter !== null && mentionsName(filter);
  outer: for (const doc of candidates) {
    if (filter && !matchesFilter(filter, doc, needsName ? nameOf(doc) : "")) continue;
    const name = nameOf(doc);
    const keys: Value[] = [];
    for (const o of query.orderBy) {
      const v = fieldOf(doc, o.path, name);
      if (v === undefined) continue outer; // documents without an ordered field are excluded
      keys.push(v);
    }
    rows.push({ doc, name, keys });
  }
  rows.sort((a, b) => compareRows(query.orderBy, a.keys, b.keys));
  let selected = rows;
  if (query.startAt) {
    const { values, before } = query.startAt;
    selected = selected.filter((r) => {
      const c = compareToCursor(query, r, values, parentPrefix);
      return before ? c >= 0 : c > 0;
    });
  }
  if (query.endAt) {
    const { values, before } = query.endAt;
    selected = selected.filter((r) => {
      const c = compareToCursor(query, r, values, parentPrefix);
      return before ? c < 0 : c <= 0;
    });
  }
  const skipped = Math.min(query.offset, selected.length);
  selected = selected.slice(skipped);
  if (query.limit !== undefined) selected = selected.slice(0, query.limit);
  return { documents: selected.map(({ doc, name }) => ({ doc, name })), skipped };
}

/** The fields a query returns: all of them, or its projection (`__name__` alone selects none). */
export function projectFields(
  query: PlannedQuery,
  fields: Record<string, Value>,
): Record<string, Value> {
  if (!query.projection) return fields;
  return applyMask(
    fields,
    query.projection.filter((p) => !(p.length === 1 && p[0] === NAME)),
  );
}

/** `request.query` as the rules see it. */
export function rulesQueryOf(query: PlannedQuery): {
  limit?: number;
  offset?: number;
  orderBy?: Record<string, "ASC" | "DESC">;
} {
  const orderBy: Record<string, "ASC" | "DESC"> = {};
  for (const o of query.orderBy) orderBy[formatFieldPath(o.path)] = o.descending ? "DESC" : "ASC";
  return { limit: query.limit, offset: query.offset, orderBy };
}
