/**
 * Firestore's rules for a document id (and the reserved-name rule it shares with field names).
 * The API checks ids with these before building a reference: Firestore refuses a bad id with
 * INVALID_ARGUMENT only after the SDK has retried for seconds, which would surface as a slow 500.
 */

/** Firestore's limit on a document id, in UTF-8 bytes. */
export const DOCUMENT_ID_MAX_BYTES = 1500;

const RESERVED = /^__.*__$/su;
const LONE_SURROGATE = /\p{Cs}/u;

/** Names of the form `__…__` are reserved by Firestore for document ids and field names alike. */
export function isReservedFirestoreName(name: string): boolean {
  return RESERVED.test(name);
}

/**
 * A string Firestore accepts as a document id: not empty, not `.` or `..`, no `/`, not `__…__`,
 * valid Unicode and at most 1 500 bytes of UTF-8.
 */
export function isValidDocumentId(id: string): boolean {
  if (id.length === 0 || id === "." || id === ".." || id.includes("/")) return false;
  if (isReservedFirestoreName(id) || LONE_SURROGATE.test(id)) return false;
  return new TextEncoder().encode(id).length <= DOCUMENT_ID_MAX_BYTES;
}

/** The ids the platform issues: Firestore auto-ids, Auth uids and the slug-like ids of seeds. */
const PLATFORM_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A document id as a path or body may name one: the shape of the ids the platform issues, and one
 * Firestore accepts (so `__proto__` is refused here, not by a slow INVALID_ARGUMENT later).
 */
export function isDocumentIdInput(value: unknown): value is string {
  return typeof value === "string" && PLATFORM_ID.test(value) && isValidDocumentId(value);
}
