/** Parsing of resource names: projects/{project}/databases/{database}/documents/{path}. */
import { invalidArgument } from "./errors.js";

export interface DatabaseId {
  project: string;
  database: string;
}

/** A database plus a path below `documents` ("" is the root; even segment count = document). */
export interface ResourcePath extends DatabaseId {
  segments: string[];
}

export function databaseKey(db: DatabaseId): string {
  return `${db.project}/${db.database}`;
}

export function databaseName(db: DatabaseId): string {
  return `projects/${db.project}/databases/${db.database}`;
}

export function parseDatabaseName(name: string): DatabaseId {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name);
  if (!m) throw invalidArgument(`Invalid database name: ${name}`);
  return { project: m[1]!, database: m[2]! };
}

export function parseResourceName(name: string): ResourcePath {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m) throw invalidArgument(`Invalid resource name: ${name}`);
  const rest = m[3];
  const segments = rest === undefined ? [] : rest.split("/");
  if (segments.some((s) => s === "")) throw invalidArgument(`Invalid resource name: ${name}`);
  return { project: m[1]!, database: m[2]!, segments };
}

function checkDocumentId(id: string, name: string): void {
  if (id === "." || id === ".." || /^__.*__$/.test(id) || Buffer.byteLength(id) > 1500) {
    throw invalidArgument(`Invalid document name: ${name}`);
  }
}

export function parseDocumentName(name: string): ResourcePath {
  const path = parseResourceName(name);
  if (path.segments.length === 0 || path.segments.length % 2 !== 0) {
    throw invalidArgument(
      `Document name "${name}" has ${path.segments.length} path segment(s), but must have an even number.`,
    );
  }
  for (const s of path.segments) checkDocumentId(s, name);
  return path;
}

/** A query/list parent: the database root or a document. */
export function parseParentName(name: string): ResourcePath {
  const path = parseResourceName(name);
  if (path.segments.length % 2 !== 0) throw invalidArgument(`Invalid parent name: ${name}`);
  return path;
}

export function documentName(db: DatabaseId, path: string): string {
  return `${databaseName(db)}/documents/${path}`;
}

export function joinPath(segments: string[]): string {
  return segments.join("/");
}

/** "a/b/c/d" → ["a/b/c", "d"]. */
export function splitDocumentPath(path: string): [collection: string, id: string] {
  const i = path.lastIndexOf("/");
  return [path.slice(0, i), path.slice(i + 1)];
}

const AUTO_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function autoId(): string {
  let id = "";
  const bytes = new Uint8Array(40);
  crypto.getRandomValues(bytes);
  for (const b of bytes) {
    // Rejection sampling keeps the distribution uniform over 62 characters.
    if (b < 248) id += AUTO_ID_ALPHABET[b % 62];
    if (id.length === 20) return id;
  }
  return id.padEnd(20, "A");
}
