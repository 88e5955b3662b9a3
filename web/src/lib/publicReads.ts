/**
 * Reads of public documents (the FAQ, `config/public`) straight from Firestore's REST API, under
 * the same security rules as the SDK (Firestore Lite sends the same requests). The public screens
 * (home, FAQ, projects, directories) read nothing else, so a visitor's first load does without
 * the SDK (about 37 KB of gzipped JavaScript); members' own screens load Firestore Lite.
 */
import type { TimestampLike } from "@platform/common";
import { currentAppCheckToken } from "./appCheck";
import { emulatorOrigin, emulatorPorts, firebaseConfig } from "./firebaseConfig";

/** A Firestore REST value (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
export interface RestValue {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number;
  timestampValue?: string;
  stringValue?: string;
  referenceValue?: string;
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
}

export interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
}

/** A timestamp as the SDK hands it out: what `toDate` in ./firestore expects. */
class RestTimestamp implements TimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  constructor(iso: string) {
    const millis = Date.parse(iso);
    const fraction = /\.(\d+)/.exec(iso)?.[1] ?? "";
    this.seconds = Math.floor(millis / 1000);
    this.nanoseconds = Number(fraction.padEnd(9, "0").slice(0, 9));
  }
  toDate() {
    return new Date(this.toMillis());
  }
  toMillis() {
    return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  }
}

/** A REST value as plain data (as `snapshot.data()` gives it). */
export function decodeValue(value: RestValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.booleanValue !== undefined) return value.booleanValue;
  if (value.timestampValue !== undefined) return new RestTimestamp(value.timestampValue);
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(decodeValue);
  if (value.mapValue !== undefined) return decodeFields(value.mapValue.fields);
  if (value.referenceValue !== undefined) return value.referenceValue;
  return null;
}

export function decodeFields(fields: Record<string, RestValue> | undefined) {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields ?? {})) data[key] = decodeValue(value);
  return data;
}

/** The last segment of a document's resource name, decoded. */
export const documentId = (name: string) =>
  decodeURIComponent(name.slice(name.lastIndexOf("/") + 1));

function databaseUrl(): string {
  const origin = emulatorPorts
    ? emulatorOrigin(emulatorPorts.firestore)
    : "https://firestore.googleapis.com";
  return `${origin}/v1/projects/${firebaseConfig.projectId}/databases/(default)/documents`;
}

/**
 * The App Check token as the SDKs send it, once a site key is configured (production); nothing in
 * `demo-` builds, so their requests stay simple cross-origin requests without a preflight.
 */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  const token = await currentAppCheckToken();
  return token ? { "X-Firebase-AppCheck": token } : {};
}

/** A read Firestore refused; `status` 403 when the rules deny it. */
export class PublicReadError extends Error {
  constructor(
    method: string,
    readonly status: number,
  ) {
    super(`Firestore ${method} answered ${status}`);
  }
}

async function post<T>(method: string, body: unknown, parent = ""): Promise<T> {
  // text/plain keeps the call a simple cross-origin request (no preflight), like the SDK's.
  const headers = { "Content-Type": "text/plain", ...(await appCheckHeaders()) };
  const res = await fetch(`${databaseUrl()}${parent ? `/${parent}` : ""}:${method}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new PublicReadError(method, res.status);
  return (await res.json()) as T;
}

/** One document by its path ("config/public"); undefined when it does not exist. */
export async function getPublicDocument(
  path: string,
): Promise<Record<string, unknown> | undefined> {
  const answer = await post<{ found?: RestDocument }[]>("batchGet", {
    documents: [documentName(path)],
  });
  const found = answer.find((entry) => entry.found)?.found;
  return found ? decodeFields(found.fields) : undefined;
}

/** A value of a query's filter or cursor as REST spells it. */
export function encodeValue(value: string | number | boolean | null): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { booleanValue: value };
  return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
}

/** `field op value`, one of a structured query's field filters. */
export const fieldFilter = (
  field: string,
  op: "EQUAL" | "ARRAY_CONTAINS",
  value: string | number | boolean | null,
) => ({ fieldFilter: { field: { fieldPath: field }, op, value: encodeValue(value) } });

/** Several filters that must all hold (a single one stands alone, as the SDKs send it). */
export const allOf = (filters: ReturnType<typeof fieldFilter>[]) =>
  filters.length === 1
    ? filters[0]
    : { compositeFilter: { op: "AND", filters } };

/** A document's full resource name, as cursors on `__name__` take it. */
export const documentName = (path: string) =>
  `projects/${firebaseConfig.projectId}/databases/(default)/documents/${path}`;

/**
 * A query's documents with their ids. `parent` is the document whose subcollection is queried
 * ("projects/p1" for `projects/p1/positions`); the root when absent.
 */
export async function queryPublicDocuments(structuredQuery: unknown, parent = "") {
  const answer = await post<{ document?: RestDocument }[]>("runQuery", { structuredQuery }, parent);
  return answer.flatMap((entry) =>
    entry.document
      ? [{ id: documentId(entry.document.name), data: decodeFields(entry.document.fields) }]
      : [],
  );
}

/** How many documents a query matches: an aggregation, no document is read or billed as one. */
export async function countPublicDocuments(structuredQuery: unknown): Promise<number> {
  const answer = await post<{ result?: { aggregateFields?: Record<string, RestValue> } }[]>(
    "runAggregationQuery",
    {
      structuredAggregationQuery: {
        structuredQuery,
        aggregations: [{ alias: "count", count: {} }],
      },
    },
  );
  const count = answer.find((entry) => entry.result)?.result?.aggregateFields?.count;
  return count ? Number(decodeValue(count)) : 0;
}
