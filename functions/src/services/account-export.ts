/**
 * A member's data as one JSON document (KVKK md. 11, the right to access): everything the platform
 * holds about them, from the API (`GET /api/users/me/export`) and from the admins' script
 * (`npm run export-user -- <uid>`) for requests that arrive by mail.
 */
import { Timestamp } from "firebase-admin/firestore";
import {
  type FeedbackDoc,
  LEGAL_TEXT_VERSIONS,
  type MailDoc,
  type UserContactDoc,
  type UserDetailsDoc,
  type UserDoc,
  collectionGroups,
  paths,
} from "@platform/common";
import { storageObjectUrl } from "../config.js";
import { feedbackDto } from "./dto.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

/** Firestore values as JSON: timestamps become ISO text. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

const withId = (d: FirebaseFirestore.DocumentSnapshot) => ({
  id: d.id,
  ...(plain(d.data()) as object),
});

export interface AccountExport {
  format: "platform-kvkk-export/1";
  generatedAt: string;
  uid: string;
  [section: string]: unknown;
}

/** Everything stored about `uid`; null when there is no such member. */
export async function exportAccount(
  uid: string,
  now: Date,
  { db: store }: ServiceDeps = productionDeps(),
): Promise<AccountExport | null> {
  const [profileSnap, contactSnap, detailsSnap, stateSnap] = await Promise.all([
    store.doc(paths.user(uid)).get(),
    store.doc(paths.userContact(uid)).get(),
    store.doc(paths.userDetails(uid)).get(),
    store.doc(paths.userState(uid)).get(),
  ]);
  if (!profileSnap.exists) return null;
  const profile = profileSnap.data() as UserDoc;
  const contact = (contactSnap.data() as UserContactDoc | undefined) ?? null;
  const details = (detailsSnap.data() as UserDetailsDoc | undefined) ?? null;
  const email = contact?.email ?? null;

  const [
    memberships,
    applications,
    notifications,
    votes,
    feedbackReceived,
    answers,
    statements,
    imagesOf,
    imagesBy,
    mails,
  ] = await Promise.all([
    store.collectionGroup(collectionGroups.members).where("uid", "==", uid).get(),
    store.collectionGroup(collectionGroups.applications).where("userId", "==", uid).get(),
    store.collection(paths.notifications).where("userId", "==", uid).get(),
    store.collection(paths.votes).where("voterId", "==", uid).get(),
    store.collection(paths.feedbacks(uid)).orderBy("updatedAt", "desc").get(),
    store.collection(paths.voteAnswers).where("voterId", "==", uid).get(),
    store.collectionGroup(collectionGroups.statements).where("userId", "==", uid).get(),
    store.collection(paths.images).where("relatedId", "==", uid).get(),
    store.collection(paths.images).where("uploadedBy", "==", uid).get(),
    email ? store.collection(paths.mail).where("to", "==", email).get() : null,
  ]);

  const projectIds = [...new Set(memberships.docs.map((d) => d.ref.parent.parent!.id))];
  const projects = projectIds.length
    ? await store.getAll(...projectIds.map((id) => store.doc(paths.project(id))))
    : [];
  const titles = new Map(projects.map((p) => [p.id, (p.get("title") as string) ?? ""]));
  const images = new Map([...imagesOf.docs, ...imagesBy.docs].map((d) => [d.id, d]));

  return {
    format: "platform-kvkk-export/1",
    generatedAt: now.toISOString(),
    uid,
    profile: plain(profile),
    contact: plain(contact),
    privateDetails: details
      ? {
          telephone: details.telephone,
          iban: details.iban,
          role: details.role,
          consents: plain(details.consents),
        }
      : null,
    legalTextVersions: LEGAL_TEXT_VERSIONS,
    memberships: memberships.docs.map((d) => ({
      projectId: d.ref.parent.parent!.id,
      projectTitle: titles.get(d.ref.parent.parent!.id) ?? "",
      ...(plain(d.data()) as object),
    })),
    applications: applications.docs.map((d) => ({
      id: d.ref.path,
      ...(plain(d.data()) as object),
    })),
    pendingApplication: plain(stateSnap.data()?.activeApplication ?? null),
    notifications: notifications.docs.map(withId),
    pendingVotes: votes.docs.filter((d) => d.get("status") === "PENDING").map(withId),
    feedbackReceived: feedbackReceived.docs.map((d) => feedbackDto(d.id, d.data() as FeedbackDoc)),
    feedbackAndRatingsGiven: answers.docs.map((d) => {
      const a = d.data();
      return plain({
        id: d.id,
        targetUserId: a.targetUserId,
        projectId: a.projectId,
        weekId: a.weekId,
        kind: a.kind,
        scores: a.scores ?? null,
        skillVotes: a.skillVotes ?? {},
        feedback: a.feedback ?? "",
        discardWanted: a.discardWanted === true,
        discardReason: a.discardReason ?? "",
        submittedAt: a.submittedAt ?? null,
      });
    }),
    payoutStatements: statements.docs.map((d) => ({
      period: d.ref.parent.parent!.id,
      ...(plain(d.data()) as object),
    })),
    images: [...images.values()].map((d) => ({
      id: d.id,
      ...(plain(d.data()) as object),
      downloadUrl: storageObjectUrl(d.get("path") as string),
    })),
    mails: (mails?.docs ?? [])
      .map((d) => {
        const m = d.data() as MailDoc;
        return { subject: m.message.subject, queuedAt: plain(m.createdAt) as string };
      })
      .sort((a, b) => String(a.queuedAt).localeCompare(String(b.queuedAt))),
  };
}
