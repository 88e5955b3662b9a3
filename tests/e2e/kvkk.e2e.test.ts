/**
 * KVKK on the whole local stack: a member registers, fills the profile, uploads a photo, applies,
 * is in a team, receives notifications and feedback and writes feedback; downloads their data
 * (checked field by field); deletes the account; afterwards no Firestore document and no Storage
 * object names them (their payout statement is kept, pseudonymised) and the old credentials no
 * longer sign in. Then the daily retention job at its edges, through `npm run job`.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DELETED_MEMBER_NAME,
  LEGAL_TEXT_VERSIONS,
  messages,
  paths,
  registrationKey,
  weekId,
  weekStart,
} from "@platform/common";
import { contract } from "@platform/common/api";
import {
  ApiClient,
  PNG_BYTES,
  adminForStack,
  bucketOf,
  idTokenFor,
  route,
} from "../support/api-client.js";
import { createMember, latestMailText } from "../support/member-stack.js";
import { runJob, seedLiveProject } from "../support/journey-seed.js";
import { repoRoot } from "@platform/stack/paths";
import { stackEnvironment } from "@platform/stack/stack";

const hosting = inject("stackUrls").hosting!;
const admin = adminForStack();
const { db, auth } = admin;
const bucket = bucketOf(admin.app);
const run = Date.now().toString(36);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const POSITION = "Frontend Developer";
const api = () => new ApiClient(hosting);

const member = {
  name: "Kvkk Deneme Üye",
  email: `kvkk.${run}@ornek.com.tr`,
  password: "Kvkk-Sifre-2026",
  telephone: "05321234567",
  iban: "TR330006100519786457841326",
};

beforeAll(async () => {
  await db.doc(paths.lookup("positionNames")).set({ names: [POSITION, "Backend Developer"] });
  await db.doc(paths.lookup("skills")).set({ names: ["React", "TypeScript"] });
});

afterAll(() => admin.close());

/** Every document path and JSON text under the root collections (subcollections included). */
async function everyDocument(store: Firestore): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  const walk = async (refs: DocumentReference[]) => {
    for (const ref of refs) {
      const snap = await ref.get();
      out.push({ path: ref.path, text: snap.exists ? JSON.stringify(snap.data()) : "" });
      for (const sub of await ref.listCollections()) await walk(await sub.listDocuments());
    }
  };
  for (const root of await store.listCollections()) await walk(await root.listDocuments());
  return out;
}

const naming = (docs: { path: string; text: string }[], needles: string[]) =>
  docs.filter((d) => needles.some((n) => `${d.path} ${d.text}`.toLowerCase().includes(n)));

describe("a member's data: download and deletion", () => {
  let uid = "";
  let token = "";
  const teammate = {
    name: "Takım Arkadaşı Junior",
    email: `kvkk.takim.${run}@ornek.com.tr`,
    password: "Takim-Sifre-2026",
  };
  let teammateUid = "";
  const projectId = `kvkk-proje-${run}`;
  const otherProjectId = `kvkk-basvuru-${run}`;
  const openSeat = `kvkk-seat-${run}`;
  const period = "2026-10";
  let photoPath = "";
  let exported: Record<string, unknown> = {};

  it("registers, fills the profile, uploads a photo and applies", async () => {
    const before = Date.now() - 1000;
    const client = api();
    const step1 = await client.call(...route(contract.auth.registerStep1), {
      body: { name: member.name, email: member.email, password: member.password },
    });
    expect(step1.status).toBe(201);
    const code = /kodunuz: (\d{6})/.exec(await latestMailText(member.email, before))![1]!;
    const step2 = await client.call<{ data: { registrationToken: string } }>(
      ...route(contract.auth.registerStep2),
      { body: { email: member.email, verificationCode: code } },
    );
    expect(step2.status).toBe(200);
    const step3 = await client.call(...route(contract.auth.registerStep3), {
      body: {
        email: member.email,
        registrationToken: step2.body.data.registrationToken,
        type: "JUNIOR",
        position: POSITION,
        skills: ["React"],
        contractofUse: true,
        privacyPolicy: true,
        contentPolicy: true,
      },
    });
    expect(step3.status).toBe(200);
    uid = (await auth.getUserByEmail(member.email)).uid;
    token = await idTokenFor(member.email, member.password);

    const patch = await api().call(...route(contract.users.updateProfile), {
      token,
      body: {
        about: "Verilerimi merak ediyorum.",
        contactData: { telephone: member.telephone },
        iban: member.iban,
      },
    });
    expect(patch.status).toBe(200);

    const form = new FormData();
    form.set("relatedId", uid);
    form.set("relatedType", "User");
    form.set("imageType", "Profile");
    form.set("file", new Blob([PNG_BYTES], { type: "image/png" }), "foto.png");
    const upload = await api().call<{ data: { path: string } }>(...route(contract.images.upload), {
      token,
      form,
    });
    expect(upload.status).toBe(201);
    photoPath = upload.body.data.path;
    expect(photoPath).toContain(uid);

    // An open seat elsewhere: the member's application stays pending.
    const now = Date.now();
    await seedLiveProject({
      projectId: otherProjectId,
      title: "KVKK Başvuru Projesi",
      // Live for over a week: past the Junior-PM-only first day.
      liveSince: new Date(now - 8 * DAY),
      window: { startsAt: new Date(now - HOUR), endsAt: new Date(now + 20 * HOUR) },
      team: [],
      openSeats: [{ id: openSeat, positionName: POSITION, type: "JUNIOR" }],
    });
    const apply = await api().call(...route(contract.positions.apply, { positionId: openSeat }), {
      token,
    });
    expect(apply.status, JSON.stringify(apply.body)).toBe(201);
    const seat = await db.doc(paths.position(otherProjectId, openSeat)).get();
    expect(seat.get("applicantCount")).toBe(1);
  });

  it("works in a team: votes, feedback both ways, notifications and a statement", async () => {
    teammateUid = await createMember({ ...teammate, position: "Backend Developer" });
    const now = Date.now();
    const user = (await db.doc(paths.user(uid)).get()).data()!;
    await seedLiveProject({
      projectId,
      title: "KVKK Ekip Projesi",
      liveSince: new Date(now - 7 * DAY),
      window: { startsAt: new Date(now - 8 * DAY), endsAt: new Date(now - 7 * DAY) },
      team: [
        {
          uid,
          name: member.name,
          userName: user.userName as string,
          type: "JUNIOR",
          positionName: POSITION,
          // Seat ids are random on the platform; none may carry the uid the scan looks for.
          seatId: `kvkk-koltuk-${run}`,
        },
        {
          uid: teammateUid,
          name: teammate.name,
          userName: "takim-arkadasi-junior",
          type: "JUNIOR",
          positionName: "Backend Developer",
        },
      ],
      openSeats: [],
    });
    const week = weekId(new Date(now));
    const vote = (voterId: string, targetUserId: string, targetName: string, kind: string) =>
      db.doc(`${paths.votes}/${week}_${voterId}_${targetUserId}`).set({
        voterId,
        targetUserId,
        targetUser: { name: targetName, userName: "x", type: "JUNIOR" },
        projectId,
        weekId: week,
        kind,
        skills: [],
        status: "PENDING",
        opensAt: new Date(now - HOUR),
        closesAt: new Date(now + 6 * HOUR),
        completedAt: null,
      });
    await vote(uid, teammateUid, teammate.name, "PEER");
    await vote(teammateUid, uid, member.name, "PEER");
    const scores = {
      timeControl: 4,
      communication: 5,
      problemSolving: 4,
      improvement: 5,
      initiative: 3,
    };
    const teammateToken = await idTokenFor(teammate.email, teammate.password);
    const mine = await api().call(
      ...route(contract.votes.complete, { voteId: `${week}_${uid}_${teammateUid}` }),
      {
        token,
        body: { scores, feedback: "Harika bir mentorluk." },
      },
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await api().call(
      ...route(contract.votes.complete, { voteId: `${week}_${teammateUid}_${uid}` }),
      {
        token: teammateToken,
        body: { scores, feedback: "Çok hızlı öğreniyor." },
      },
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    // The week's close (Friday 23:59 after the week's start) aggregates and writes feedback.
    const close = new Date(weekStart(new Date(now)).getTime() + 7 * DAY + 11 * HOUR + 59 * MIN);
    await runJob("close-votes", close);
    const received = await db.collection(paths.feedbacks(uid)).get();
    expect(received.size).toBe(1);
    const given = await db.collection(paths.feedbacks(teammateUid)).get();
    expect(given.docs[0]!.get("evaluatorId")).toBe(uid);

    await db.doc(`${paths.payouts}/${period}/statements/${uid}`).set({
      userId: uid,
      period,
      days: 12,
      share: 0.25,
      amount: 1250,
      ibanStatus: "PRESENT",
      computedAt: new Date(now - DAY),
    });
    // A limiter counter and a mail of their address.
    const reset = await api().call(...route(contract.auth.requestPasswordReset), {
      body: { email: member.email },
    });
    expect(reset.status).toBe(200);
  });

  it("downloads the export: one JSON file with everything, field by field", async () => {
    expect((await api().call(...route(contract.users.exportOwnData))).status).toBe(401);
    const res = await fetch(`${hosting}/api/users/me/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="verilerim-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    exported = (await res.json()) as Record<string, unknown>;
    const e = exported as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(e.uid).toBe(uid);
    expect(e.profile).toMatchObject({
      name: member.name,
      about: "Verilerimi merak ediyorum.",
      position: { name: POSITION },
      photoPath,
      profileComplete: true,
    });
    expect(e.contact).toMatchObject({ email: member.email });
    expect(e.privateDetails).toMatchObject({
      telephone: member.telephone,
      iban: member.iban,
      consents: {
        contractOfUse: true,
        privacyPolicy: true,
        contentPolicy: true,
        versions: {
          contractOfUse: LEGAL_TEXT_VERSIONS.membershipAgreement,
          privacyPolicy: LEGAL_TEXT_VERSIONS.openConsent,
          contentPolicy: LEGAL_TEXT_VERSIONS.kvkk,
        },
      },
    });
    expect(e.privateDetails.consents.acceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(e.memberships).toEqual([
      expect.objectContaining({ projectId, projectTitle: "KVKK Ekip Projesi", active: true }),
    ]);
    expect(e.applications).toEqual([
      expect.objectContaining({
        projectId: otherProjectId,
        positionId: openSeat,
        status: "PENDING",
      }),
    ]);
    expect(e.pendingApplication).toEqual({ projectId: otherProjectId, positionId: openSeat });
    expect(e.notifications.map((n: { type: string }) => n.type)).toContain(
      "PROJECT_USER_GOTFEEDBACK",
    );
    expect(Array.isArray(e.pendingVotes)).toBe(true);
    expect(e.feedbackReceived).toEqual([
      expect.objectContaining({ feedback: "Çok hızlı öğreniyor." }),
    ]);
    expect(JSON.stringify(e.feedbackReceived)).toContain(teammate.name);
    expect(e.feedbackAndRatingsGiven).toEqual([
      expect.objectContaining({
        targetUserId: teammateUid,
        feedback: "Harika bir mentorluk.",
        scores: expect.objectContaining({ communication: 5 }),
      }),
    ]);
    expect(e.payoutStatements).toEqual([
      expect.objectContaining({ period, amount: 1250, ibanStatus: "PRESENT" }),
    ]);
    expect(e.images).toEqual([
      expect.objectContaining({
        path: photoPath,
        downloadUrl: expect.stringContaining("alt=media"),
      }),
    ]);
    const subjects = e.mails.map((m: { subject: string }) => m.subject);
    expect(subjects.length).toBeGreaterThanOrEqual(2);
    for (const m of e.mails) expect(m.queuedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("the admins' script writes the same export for the uid", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "kvkk-")), "export.json");
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "--silent", "export-user", "--", uid, "--out", out],
      { cwd: repoRoot, env: { ...process.env, ...stackEnvironment() } },
    );
    expect(stdout).toContain(out);
    const byScript = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
    const { generatedAt: _a, ...scripted } = byScript;
    const { generatedAt: _b, ...served } = exported;
    expect(scripted).toEqual(served);
  });

  it("a wrong password deletes nothing and answers in Turkish", async () => {
    const before = await everyDocument(db);
    const wrong = await api().call(...route(contract.users.deleteOwnAccount), {
      token,
      body: { password: "Yanlis-Sifre-1" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(messages.account.deletePasswordWrong);
    const empty = await api().call(...route(contract.users.deleteOwnAccount), { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.account.deletePasswordRequired);
    expect((await auth.getUser(uid)).uid).toBe(uid);
    const after = await everyDocument(db);
    const mine = (docs: typeof before) =>
      naming(docs, [uid, member.email.toLowerCase()])
        .map((d) => d.path)
        .sort();
    expect(mine(after)).toEqual(mine(before));
    expect(await idTokenFor(member.email, member.password)).toBeTruthy();
  });

  it("deletes the account: nothing names them afterwards, statements pseudonymised", async () => {
    const res = await api().call(...route(contract.users.deleteOwnAccount), {
      token,
      body: { password: member.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(messages.account.deleted);

    const docs = await everyDocument(db);
    expect(naming(docs, [uid.toLowerCase(), member.email.toLowerCase()])).toEqual([]);
    expect((await db.doc(`${paths.accountDeletions}/${uid}`).get()).exists).toBe(false);

    // The statement is kept under a pseudonym, without name or IBAN.
    const statements = await db.collection(`${paths.payouts}/${period}/statements`).get();
    const kept = statements.docs.filter((d) => d.get("amount") === 1250);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.id).toMatch(/^silinmis-[0-9a-f]{20}$/);
    expect(kept[0]!.get("userId")).toBe(kept[0]!.id);
    const text = JSON.stringify(kept[0]!.data());
    expect(text).not.toContain(member.iban);
    expect(text).not.toContain(member.name);

    // The team: seat reopened, strip without them, told as "Silinmiş Üye".
    const project = (await db.doc(paths.project(projectId)).get()).data()!;
    expect(project.memberIds).toEqual([teammateUid]);
    expect(project.memberCount).toBe(1);
    const seat = (await db.doc(paths.position(projectId, `kvkk-koltuk-${run}`)).get()).data()!;
    expect(seat).toMatchObject({ status: "OPEN", filledBy: null });
    const told = await db
      .collection(paths.notifications)
      .where("userId", "==", teammateUid)
      .where("type", "==", "PROJECT_USER_LEFT")
      .get();
    expect(told.docs.map((d) => d.get("content.userName"))).toEqual([DELETED_MEMBER_NAME]);
    // Feedback they wrote: kept for the teammate, by "Silinmiş Üye".
    const feedback = await db.collection(paths.feedbacks(teammateUid)).get();
    expect(feedback.docs.map((d) => d.get("evaluatorUser.name"))).toEqual([DELETED_MEMBER_NAME]);
    expect(feedback.docs[0]!.get("feedback")).toBe("Harika bir mentorluk.");
    // The vote answer they gave: kept under a pseudonym.
    const answers = await db
      .collection(paths.voteAnswers)
      .where("targetUserId", "==", teammateUid)
      .get();
    expect(answers.docs.map((d) => d.get("voterId"))).toEqual([
      expect.stringMatching(/^silinmis-/),
    ]);
    // The pending application was withdrawn.
    const other = (await db.doc(paths.position(otherProjectId, openSeat)).get()).data()!;
    expect(other.applicantCount).toBe(0);

    // Storage: nothing under or naming them.
    const [files] = await bucket.getFiles();
    expect(files.map((f) => f.name).filter((n) => n.includes(uid))).toEqual([]);

    // Signed out for good: the old password and the old token are refused.
    await expect(idTokenFor(member.email, member.password)).rejects.toThrow(/sign-in failed/);
    const stale = await api().call(...route(contract.users.exportOwnData), { token });
    expect(stale.status).toBe(401);
    const login = await api().call(...route(contract.auth.login), {
      body: { email: member.email, password: member.password, rememberMe: false },
    });
    expect(login.status).toBe(401);
  });
});

describe("wrong deletion passwords", () => {
  it("are limited per account: the sixth try waits, and nothing is deleted", async () => {
    const email = `kvkk.limit.${run}@ornek.com.tr`;
    const password = "Limit-Sifre-2026";
    const target = await createMember({ name: "Limit Deneme", email, password });
    const token = await idTokenFor(email, password);
    for (let i = 0; i < 5; i++) {
      const r = await api().call(...route(contract.users.deleteOwnAccount), {
        token,
        body: { password: `Yanlis-${i}` },
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(messages.account.deletePasswordWrong);
    }
    // Spent: even the right password waits the window out.
    const sixth = await api().call(...route(contract.users.deleteOwnAccount), {
      token,
      body: { password },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Çok fazla deneme yapıldı\. Lütfen \d+ dakika sonra/);
    expect((await auth.getUser(target)).uid).toBe(target);
    expect((await db.doc(paths.user(target)).get()).exists).toBe(true);
  });
});

describe("retention job", () => {
  const base = Date.now();

  it("deletes registrations unfinished for 7 days, keeps those at 6 days 23 hours", async () => {
    const addresses = [`eski.${run}@ornek.com.tr`, `yeni.${run}@ornek.com.tr`];
    const uids: string[] = [];
    for (const email of addresses) {
      const r = await api().call(...route(contract.auth.registerStep1), {
        body: { name: "Yarım Kayıt", email, password: "Yarim-Sifre-2026" },
      });
      expect(r.status).toBe(201);
      uids.push((await auth.getUserByEmail(email)).uid);
    }
    const at = new Date(base);
    await db
      .doc(`${paths.registrations}/${registrationKey(addresses[0]!)}`)
      .update({ lastSentAt: new Date(base - 7 * DAY) });
    await db
      .doc(`${paths.registrations}/${registrationKey(addresses[1]!)}`)
      .update({ lastSentAt: new Date(base - 6 * DAY - 23 * HOUR) });
    const out = await runJob("retention", at);
    expect(out).toMatch(/registrationsDeleted: 1/);
    await expect(auth.getUser(uids[0]!)).rejects.toThrow();
    expect((await db.doc(paths.user(uids[0]!)).get()).exists).toBe(false);
    expect(
      (await db.doc(`${paths.registrations}/${registrationKey(addresses[0]!)}`).get()).exists,
    ).toBe(false);
    expect((await auth.getUser(uids[1]!)).uid).toBe(uids[1]);
    expect((await db.doc(paths.user(uids[1]!)).get()).exists).toBe(true);
    expect(
      (await db.doc(`${paths.registrations}/${registrationKey(addresses[1]!)}`).get()).exists,
    ).toBe(true);
    // An unfinished profile without a registration record: created 7 days ago it goes.
    const orphanEmail = `yetim.${run}@ornek.com.tr`;
    const orphan = (await auth.createUser({ email: orphanEmail, password: "Yetim-Sifre-2026" }))
      .uid;
    await db.doc(paths.user(orphan)).set({
      name: "Yetim Kayıt",
      profileComplete: false,
      createdAt: new Date(base - 7 * DAY),
      updatedAt: new Date(base - 7 * DAY),
    });
    await db.doc(paths.userContact(orphan)).set({ email: orphanEmail, isEmailVerified: false });
    const later = await runJob("retention", at);
    expect(later).toMatch(/registrationsDeleted: 1/);
    await expect(auth.getUser(orphan)).rejects.toThrow();
    expect((await db.doc(paths.userContact(orphan)).get()).exists).toBe(false);
    // The one at 6 days 23 hours still stands.
    expect((await db.doc(paths.user(uids[1]!)).get()).exists).toBe(true);
  });

  it("deletes uploads never recorded after 24 hours, not at 23 hours", async () => {
    const orphan = bucket.file(`users/kvkk-yetim-${run}/profile/foto.png`);
    await orphan.save(PNG_BYTES, { contentType: "image/png" });
    const early = await runJob("retention", new Date(Date.now() + 23 * HOUR));
    expect(early).toMatch(/uploadsDeleted: 0/);
    expect((await orphan.exists())[0]).toBe(true);
    await runJob("retention", new Date(Date.now() + 24 * HOUR + MIN));
    expect((await orphan.exists())[0]).toBe(false);
  });

  it("finishes an account deletion that stopped after its record was written", async () => {
    const email = `yarim.silme.${run}@ornek.com.tr`;
    const stuck = await createMember({ name: "Yarım Silme", email, password: "Yarim-Sifre-2026" });
    await db.doc(`${paths.accountDeletions}/${stuck}`).set({
      uid: stuck,
      email,
      pseudonym: "silinmis-0123456789abcdef0123",
      requestedAt: new Date(),
      done: null,
      updatedAt: new Date(),
    });
    const out = await runJob("retention", new Date());
    expect(out).toMatch(/accountDeletionsFinished: 1/);
    await expect(auth.getUser(stuck)).rejects.toThrow();
    const docs = await everyDocument(db);
    expect(naming(docs, [stuck.toLowerCase(), email])).toEqual([]);
  });
});
