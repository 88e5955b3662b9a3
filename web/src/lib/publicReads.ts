/**
 * Reads of public documents (the FAQ, `config/public`) straight from Firestore's REST API, under
 * the same security rules as the SDK. The shell and the home page need nothing else from
 * Firestore, so a visitor's first load does without the SDK (about 30 KB of gzipped JavaScript);
 * the screens that query more load Firestore Lite with their own code.
 */
import type { TimestampLike } from "@platform/common";
import { appCheckSiteKey, appCheckToken } from "./appCheck";
import { emulatorPorts, firebaseConfig, usesEmulators } from "./firebaseConfig";

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
    ? `http://${window.location.hostname}:${emulatorPorts.firestore}`
    : "https://firestore.googleapis.com";
  return `${origin}/v1/projects/${firebaseConfig.projectId}/databases/(default)/documents`;
}

async function post<T>(method: string, body: unknown): Promise<T> {
  // text/plain keeps the call a simple cross-origin request (no preflight), like the SDK's.
  const headers: Record<string, string> = { "Content-Type": "text/plain" };
  if (appCheckSiteKey && !usesEmulators) {
    const { appCheck } = await import("./firebase");
    const token = await appCheckToken(appCheck);
    if (token) headers["X-Firebase-AppCheck"] = token;
  }
  const res = await fetch(`${databaseUrl()}:${method}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Firestore ${method} answered ${res.status}`);
  return (await res.json()) as T;
}

/** One document by its path ("config/public"); undefined when it does not exist. */
export async function getPublicDocument(
  path: string,
): Promise<Record<string, unknown> | undefined> {
  const name = `projects/${firebaseConfig.projectId}/databases/(default)/documents/${path}`;
  const answer = await post<{ found?: RestDocument }[]>("batchGet", { documents: [name] });
  const found = answer.find((entry) => entry.found)?.found;
  return found ? decodeFields(found.fields) : undefined;
}

/** A query's documents with their ids. */
export async function queryPublicDocuments(structuredQuery: unknown) {
  const answer = await post<{ document?: RestDocument }[]>("runQuery", { structuredQuery });
  return answer.flatMap((entry) =>
    entry.document
      ? [{ id: documentId(entry.document.name), data: decodeFields(entry.document.fields) }]
      : [],
  );
}
