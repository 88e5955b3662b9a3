/** Typed references and lookups shared by the services, on the Firestore they are given. */
import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from "firebase-admin/firestore";
import {
  type NameListDoc,
  type PositionDoc,
  type ProjectDoc,
  type UserContactDoc,
  type UserDetailsDoc,
  type UserDoc,
  type UserStateDoc,
  collectionGroups,
  messages,
  paths,
} from "@platform/common";
import { invalid, notFound } from "../domain/errors.js";

export const userRef = (db: Firestore, uid: string) =>
  db.doc(paths.user(uid)) as DocumentReference<UserDoc>;
export const contactRef = (db: Firestore, uid: string) =>
  db.doc(paths.userContact(uid)) as DocumentReference<UserContactDoc>;
export const detailsRef = (db: Firestore, uid: string) =>
  db.doc(paths.userDetails(uid)) as DocumentReference<UserDetailsDoc>;
/** Server-only state of a member (the pending application); may not exist. */
export const stateRef = (db: Firestore, uid: string) =>
  db.doc(paths.userState(uid)) as DocumentReference<UserStateDoc>;
export const projectRef = (db: Firestore, id: string) =>
  db.doc(paths.project(id)) as DocumentReference<ProjectDoc>;
export const positionRef = (db: Firestore, projectId: string, positionId: string) =>
  db.doc(paths.position(projectId, positionId)) as DocumentReference<PositionDoc>;

export function data<T>(snap: DocumentSnapshot<T>): T | null {
  return snap.exists ? (snap.data() as T) : null;
}

/**
 * The position with this id, wherever it is: by its `positionId` field, else (positions written
 * before the field existed) by scanning the collection group for the document id.
 */
export async function findPositionRef(
  db: Firestore,
  positionId: string,
): Promise<DocumentReference<PositionDoc>> {
  const byField = await db
    .collectionGroup(collectionGroups.positions)
    .where("positionId", "==", positionId)
    .limit(1)
    .get();
  if (!byField.empty) return byField.docs[0]!.ref as DocumentReference<PositionDoc>;
  const all = await db.collectionGroup(collectionGroups.positions).select().get();
  const hit = all.docs.find((d) => d.id === positionId);
  if (!hit) throw notFound(messages.projects.positionNotFound);
  return hit.ref as DocumentReference<PositionDoc>;
}

/** Names of a lookup list, or null when the lookup has not been loaded. */
/**
 * Refuses (400 with `message`) a position name missing from the admin's list; with no list
 * configured every name is accepted.
 */
export async function assertKnownPositions(
  db: Firestore,
  names: readonly string[],
  message: string,
) {
  const known = await lookupNames(db, "positionNames");
  if (known && names.some((n) => !known.includes(n))) throw invalid(message);
}

export async function lookupNames(
  db: Firestore,
  kind: "skills" | "positionNames" | "turkishLanguages",
  tx?: Transaction,
): Promise<string[] | null> {
  const ref = db.doc(paths.lookup(kind)) as DocumentReference<NameListDoc>;
  const snap = tx ? await tx.get(ref) : await ref.get();
  const names = snap.exists ? snap.data()?.names : undefined;
  return Array.isArray(names) && names.length > 0 ? names : null;
}
