/** Profiles: public reads with contact fields by visibility, section updates, directories. */
import type { Firestore, Query } from "firebase-admin/firestore";
import {
  type MemberType,
  type UserDoc,
  type UserDto,
  messages,
  paths,
  searchKeyForQuery,
  slugifyName,
  nameFields,
  isRecentSignIn,
  sameEmail,
  type ProfileUpdate,
} from "@platform/common";
import { type AuthUser, isStaff } from "../domain/viewer.js";
import { conflict, invalid, notFound, unauthenticated } from "../domain/errors.js";
import { ts } from "../infra/firestore.js";
import { authCode } from "../infra/identity.js";
import { emailChangedMail } from "../infra/mail.js";
import { userDto } from "./dto.js";
import { assertKnownPositions, contactRef, data, detailsRef, projectRef, userRef } from "./refs.js";
import { syncEmailVerified } from "./accounts.js";
import { assertAddressInLookups } from "./lookups.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

/** Whether `viewer` and `uid` are active members of the same project (docs/product-rules.md#access-email). */
async function inSameProject(db: Firestore, viewerUid: string, target: UserDoc): Promise<boolean> {
  if (!target.currentProjectId) return false;
  const viewer = data(await userRef(db, viewerUid).get());
  return viewer?.currentProjectId === target.currentProjectId;
}

export async function getUser(
  viewer: AuthUser | null,
  uid: string,
  deps: ServiceDeps = productionDeps(),
): Promise<UserDto> {
  const { db } = deps;
  const user = data(await userRef(db, uid).get());
  const self = viewer?.uid === uid;
  if (!user || (!user.profileComplete && !self && !isStaff(viewer, "hr", "admin"))) {
    throw notFound(messages.users.notFound);
  }
  // Your own page reads the contact record while syncing it; others read it only when allowed.
  const ownContact = self
    ? await syncEmailVerified(uid, (await deps.auth.getUser(uid)).emailVerified, deps)
    : null;
  const seesPrivate = self || isStaff(viewer, "hr", "admin");
  const seesEmail = seesPrivate || (viewer !== null && (await inSameProject(db, viewer.uid, user)));
  const [contact, details] = await Promise.all([
    self ? ownContact : seesEmail ? contactRef(db, uid).get().then(data) : null,
    seesPrivate ? detailsRef(db, uid).get().then(data) : null,
  ]);
  return userDto(uid, user, { contact, details });
}

export async function listByType(
  input: {
    type: MemberType;
    page: number;
    limit: number;
    search: string;
  },
  { db }: ServiceDeps = productionDeps(),
) {
  let q: Query = db
    .collection(paths.users)
    .where("profileComplete", "==", true)
    .where("type", "==", input.type);
  const key = searchKeyForQuery(input.search);
  if (key) q = q.where("searchKeys", "array-contains", key);
  const total = (await q.count().get()).data().count;
  const totalPages = Math.max(1, Math.ceil(total / input.limit));
  // An offset bills every document it skips: pages past the last are refused before any read.
  if (input.page > totalPages) throw invalid(messages.users.pageOutOfRange(totalPages));
  const snap = await q
    .orderBy("nameSort")
    .offset((input.page - 1) * input.limit)
    .limit(input.limit)
    .get();
  return {
    users: snap.docs.map((d) => userDto(d.id, d.data() as UserDoc)),
    pagination: {
      page: input.page,
      limit: input.limit,
      total,
      totalPages,
      hasNextPage: input.page < totalPages,
      hasPrevPage: input.page > 1,
    },
  };
}

/**
 * Saves the sections of a profile update. An e-mail change hands the account to another address,
 * so it needs a recent sign-in (else 401 and nothing changes) and the old address is told. It goes
 * to Firebase Auth first (the authority on uniqueness), then everything else in one transaction
 * with the mail to the old address; if the transaction fails the Auth e-mail is put back.
 */
export async function updateProfile(
  uid: string,
  update: ProfileUpdate,
  now: Date,
  signIn: { authTime: number | null },
  deps: ServiceDeps = productionDeps(),
): Promise<UserDto> {
  const { db } = deps;
  const [user, contact] = await Promise.all([
    userRef(db, uid).get().then(data),
    contactRef(db, uid).get().then(data),
  ]);
  if (!user) throw notFound(messages.users.notFound);

  if (update.user.position) {
    await assertKnownPositions(db, [update.user.position.name], messages.users.positionUnknown);
  }
  if (update.user.address) await assertAddressInLookups(update.user.address, deps);

  const oldEmail = contact?.email ?? null;
  const newEmail = update.email;
  const emailChanges = newEmail !== undefined && !sameEmail(newEmail, oldEmail ?? "");
  if (emailChanges && !isRecentSignIn(signIn.authTime, now)) {
    throw unauthenticated(messages.auth.recentLoginRequired);
  }
  if (emailChanges) {
    try {
      await deps.auth.updateUser(uid, { email: newEmail, emailVerified: false });
    } catch (err) {
      if (authCode(err) === "auth/email-already-exists") throw conflict(messages.auth.emailInUse);
      throw err;
    }
  }

  try {
    await db.runTransaction(async (tx) => {
      const current = (await tx.get(userRef(db, uid))).data();
      if (!current) throw notFound(messages.users.notFound);
      const positionChanges =
        update.user.position !== undefined &&
        (update.user.position?.name ?? null) !== (current.position?.name ?? null);
      let pendingApplication = false;
      // The pending application is server-only state (users/{uid}/private/state).
      const active = positionChanges
        ? ((await tx.get(db.doc(paths.userState(uid)))).data()?.activeApplication ?? null)
        : null;
      if (active) {
        const { projectId, positionId } = active;
        const app = await tx.get(db.doc(`${paths.applications(projectId, positionId)}/${uid}`));
        pendingApplication = app.exists && app.data()?.status === "PENDING";
      }
      if (positionChanges && (current.currentProjectId || pendingApplication)) {
        throw conflict(messages.users.positionLocked);
      }
      const projectSnap = current.currentProjectId
        ? await tx.get(projectRef(db, current.currentProjectId))
        : null;
      const memberSnap =
        current.currentProjectId && update.user.name !== undefined
          ? await tx.get(db.doc(`${paths.members(current.currentProjectId)}/${uid}`))
          : null;

      const changes: Partial<UserDoc> = { ...update.user, updatedAt: ts(now) };
      const name = update.user.name ?? current.name;
      const position = update.user.position !== undefined ? update.user.position : current.position;
      if (update.user.name !== undefined || update.user.position !== undefined) {
        Object.assign(changes, nameFields(name, position?.name));
      }
      tx.update(userRef(db, uid), changes);

      if (emailChanges) {
        tx.set(contactRef(db, uid), { email: newEmail, isEmailVerified: false }, { merge: true });
        if (oldEmail) deps.mail.queue(tx, emailChangedMail(oldEmail, newEmail!), now);
      }
      if (Object.keys(update.details).length > 0)
        tx.set(detailsRef(db, uid), update.details, { merge: true });

      // The team strip and the membership record of the member's project carry their name.
      if (update.user.name !== undefined && projectSnap?.exists) {
        const project = projectSnap.data()!;
        const team = (project.team ?? []).map((m) =>
          m.uid === uid ? { ...m, name, userName: slugifyName(name) } : m,
        );
        tx.update(projectSnap.ref, { team, updatedAt: ts(now) });
      }
      if (memberSnap?.exists) tx.update(memberSnap.ref, { name, userName: slugifyName(name) });
    });
  } catch (err) {
    if (emailChanges && oldEmail) {
      await deps.auth
        .updateUser(uid, { email: oldEmail, emailVerified: contact?.isEmailVerified ?? false })
        .catch(() => undefined);
    }
    throw err;
  }

  const [saved, savedContact, savedDetails] = await Promise.all([
    userRef(db, uid).get().then(data),
    contactRef(db, uid).get().then(data),
    detailsRef(db, uid).get().then(data),
  ]);
  return userDto(uid, saved!, { contact: savedContact, details: savedDetails });
}
