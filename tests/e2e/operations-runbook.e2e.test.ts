/**
 * docs/operations.md, task by task: firebase-admin writes exactly the fields the runbook tells an
 * admin to write in the Firebase console (or runs the script it names), the job runs through the
 * same CLI as `npm run job`, and the platform's effect is checked through /api, the rules and
 * Firestore. Input a job cannot use is recorded on the document and mailed to the admins.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { doc, getDoc } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { paths } from "@platform/common";
import { contract } from "@platform/common/api";
import { repoRoot } from "@platform/stack/paths";
import { stackEnvironment } from "@platform/stack/stack";
import { ApiClient, adminForStack, idTokenFor, route } from "../support/api-client.js";
import { runJob, seedLiveProject } from "../support/journey-seed.js";
import { MEMBER_PASSWORD, createMember, latestMailText } from "../support/member-stack.js";
import { clearStackData, visitorFirestore } from "../support/stack-env.js";

const exec = promisify(execFile);
const admin = adminForStack();
const { db } = admin;
const api = new ApiClient(inject("stackUrls").hosting!);

const run = Date.now().toString(36);
const email = (who: string) => `${who}.${run}@example.com`;
const people = {
  admin: { name: "Ayla Yönetici", email: email("yonetici") },
  ops: { name: "Orhan Operasyon", email: email("operasyon") },
  hr: { name: "Hale İnsan", email: email("ik") },
  pm: { name: "Pınar Yılmaz", email: email("pm") },
  dev: { name: "Deniz Kara", email: email("dev") },
};
const uid: Record<keyof typeof people, string> = { admin: "", ops: "", hr: "", pm: "", dev: "" };

/** An npm script of the repository against the local stack; its output and exit code. */
async function script(
  name: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ out: string; code: number }> {
  try {
    const { stdout, stderr } = await exec("npm", ["run", "--silent", name, "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...stackEnvironment(), ...env },
    });
    return { out: stdout + stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; code?: number };
    return { out: `${e.stdout ?? ""}${e.stderr ?? ""}`, code: e.code ?? 1 };
  }
}

/** The mails queued to `to` whose subject contains `subject`. */
async function mailsTo(to: string, subject: string) {
  const snap = await db.collection(paths.mail).where("to", "==", to).get();
  return snap.docs
    .map((d) => d.data() as { message: { subject: string; text: string } })
    .filter((m) => m.message.subject.includes(subject));
}

function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString("utf8"));
}

// A Friday far from every other suite's data: 3 January 2031, 12:00 Istanbul.
const friday = new Date("2031-01-03T09:00:00Z");

beforeAll(async () => {
  await clearStackData();
  const seeded = await script("seed:reference", []);
  expect(seeded.code).toBe(0);
  for (const key of Object.keys(people) as (keyof typeof people)[]) {
    const p = people[key];
    uid[key] = await createMember({
      name: p.name,
      email: p.email,
      password: MEMBER_PASSWORD,
      position: key === "pm" ? "Project Manager" : "Frontend Developer",
    });
  }
});

afterAll(async () => {
  await admin.close();
});

describe("docs/operations.md", () => {
  it("loads the reference data: positions to choose at registration, and the FAQ", async () => {
    const again = await script("seed:reference", []);
    expect(again.out).toContain("✔ unchanged");
    const visitor = visitorFirestore();
    try {
      const names = (await getDoc(doc(visitor.db, paths.lookup("positionNames")))).get("names");
      expect(names).toContain("Project Manager");
      expect((await getDoc(doc(visitor.db, `${paths.faqs}/faq-01`))).exists()).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it("takes a new member through registration with the reference data alone", async () => {
    // The stack holds nothing but what seed:reference wrote (and the suite's members).
    const address = email("yeni");
    const before = Date.now() - 1000;
    const step1 = await api.call(...route(contract.auth.registerStep1), {
      body: { name: "Yeni Üye", email: address, password: MEMBER_PASSWORD },
    });
    expect(step1.status).toBe(201);
    const code = /kodunuz: (\d{6})/.exec(await latestMailText(address, before))![1]!;
    const step2 = await api.call<{ data: { registrationToken: string } }>(
      ...route(contract.auth.registerStep2),
      { body: { email: address, verificationCode: code } },
    );
    expect(step2.status).toBe(200);
    const step3 = await api.call(...route(contract.auth.registerStep3), {
      body: {
        email: address,
        registrationToken: step2.body.data.registrationToken,
        type: "JUNIOR",
        position: "Project Manager",
        skills: ["TypeScript"],
        contractofUse: true,
        privacyPolicy: true,
        contentPolicy: true,
      },
    });
    expect(step3.status).toBe(200);
    const uid = (await admin.auth.getUserByEmail(address)).uid;
    expect((await db.doc(paths.user(uid)).get()).data()).toMatchObject({
      profileComplete: true,
      type: "JUNIOR",
      position: { name: "Project Manager" },
    });
  });

  it("grants a role with npm run grant-role: the claim, and the record the jobs mail from", async () => {
    for (const role of ["admin", "ops", "hr"] as const) {
      const r = await script("grant-role", [people[role].email, role]);
      expect(r.out).toContain(`${people[role].email}: role ${role}; signs in again to use it.`);
      expect(r.code).toBe(0);
      expect(claimsOf(await idTokenFor(people[role].email, MEMBER_PASSWORD)).role).toBe(role);
      expect((await db.doc(`${paths.roles}/${uid[role]}`).get()).data()).toMatchObject({
        email: people[role].email,
        role,
      });
    }
    // `none` takes a role away again.
    await script("grant-role", [people.dev.email, "ops"]);
    const removed = await script("grant-role", [people.dev.email, "none"]);
    expect(removed.out).toContain(`${people.dev.email}: role (none)`);
    expect(claimsOf(await idTokenFor(people.dev.email, MEMBER_PASSWORD)).role).toBeUndefined();
    expect((await db.doc(`${paths.roles}/${uid.dev}`).get()).exists).toBe(false);
    // An unknown role is refused and changes nothing.
    const wrong = await script("grant-role", [people.dev.email, "superadmin"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toContain("usage: grant-role <email|uid> <hr|ops|admin|none>");
  });

  it("creates a project with its positions and queues it; a malformed one is reported", async () => {
    // Exactly the runbook's fields.
    await db.doc(paths.project("runbook-proje")).set({
      title: "Runbook Projesi",
      definition: "Konsoldan eklenen proje.",
      type: "WEB",
      isLive: false,
      goLiveAt: Timestamp.fromDate(friday),
    });
    await db
      .collection(paths.positions("runbook-proje"))
      .doc("pm")
      .set({
        positionName: "Project Manager",
        type: "JUNIOR",
        expectations: ["Scrum"],
      });
    await db.collection(paths.positions("runbook-proje")).doc("fe").set({
      positionName: "Frontend Developer",
      type: "JUNIOR",
    });
    // The same, typed wrongly: goLiveAt as a string, a position type with a Turkish İ.
    await db.doc(paths.project("runbook-bozuk")).set({
      title: "Bozuk Proje",
      definition: "",
      type: "MOBILE",
      isLive: false,
      goLiveAt: "2031-01-03 12:00",
    });
    await db.collection(paths.positions("runbook-bozuk")).doc("x").set({
      positionName: "Project Manager",
      type: "JUNİOR",
    });

    const out = await runJob("go-live", friday);
    expect(out).toContain("projectId: runbook-proje");
    const r = await api.call<{ data: Record<string, unknown> }>(
      ...route(contract.projects.byId, { id: "runbook-proje" }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      title: "Runbook Projesi",
      type: "WEB",
      isLive: true,
      status: "NotStarted",
      allPositionCount: 2,
      openPositionCount: 2,
      liveSince: friday.toISOString(),
    });
    const positions = r.body.data.positions as Record<string, unknown>[];
    expect(positions.map((p) => [p.positionName, p.status, p.windowStartsAt]).sort()).toEqual([
      // The Project Manager's seat opens at go-live, every other seat on Saturday 12:00.
      ["Frontend Developer", "OPEN", new Date(friday.getTime() + 24 * 3600_000).toISOString()],
      ["Project Manager", "OPEN", friday.toISOString()],
    ]);
    const notice = await db
      .collection(paths.notifications)
      .where("userId", "==", uid.dev)
      .where("type", "==", "PROJECT_TO_LIVE")
      .get();
    expect(notice.size).toBe(1);

    const broken = (await db.doc(paths.project("runbook-bozuk")).get()).data()!;
    expect(broken.isLive).toBe(false);
    expect(broken.problem).toContain(
      'goLiveAt alanı timestamp türünde olmalı; yazılan: "2031-01-03 12:00".',
    );
    expect(broken.problem).toContain("positions/x: type alanı JUNIOR ya da SENIOR olmalı");
    const mails = await mailsTo(people.admin.email, "projects/runbook-bozuk");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.text).toContain(broken.problem);
    // Running again neither mails again nor changes the problem.
    await runJob("go-live", friday);
    expect(await mailsTo(people.admin.email, "projects/runbook-bozuk")).toHaveLength(1);
  });

  it("applies an ops decision on a removal review; an unknown decision is reported", async () => {
    const liveSince = new Date("2030-12-06T09:00:00Z");
    const teammate = async (key: "pm" | "dev", positionName: string) => {
      const u = (await db.doc(paths.user(uid[key])).get()).data()!;
      return {
        uid: uid[key],
        name: u.name,
        userName: u.userName,
        type: "JUNIOR" as const,
        positionName,
      };
    };
    await seedLiveProject({
      projectId: "runbook-ekip",
      title: "Runbook Ekibi",
      liveSince,
      window: { startsAt: liveSince, endsAt: new Date("2030-12-07T09:00:00Z") },
      team: [await teammate("pm", "Project Manager"), await teammate("dev", "Frontend Developer")],
      openSeats: [],
    });
    // The reviews as close-votes opens them.
    const review = (target: "pm" | "dev") => ({
      projectId: "runbook-ekip",
      projectTitle: "Runbook Ekibi",
      targetUserId: uid[target],
      targetName: people[target].name,
      weekId: "2030-12-27",
      requestCount: 1,
      otherMemberCount: 1,
      reasons: ["Toplantılara katılmıyor."],
      decision: null,
      decidedBy: null,
      appliedAt: null,
      createdAt: Timestamp.fromDate(new Date("2030-12-27T20:59:00Z")),
    });
    const devReview = `runbook-ekip_${uid.dev}_2030-12-27`;
    const pmReview = `runbook-ekip_${uid.pm}_2030-12-27`;
    await db.doc(`${paths.removalReviews}/${devReview}`).set(review("dev"));
    await db.doc(`${paths.removalReviews}/${pmReview}`).set(review("pm"));

    // The runbook: decision and decidedBy, as strings.
    await db
      .doc(`${paths.removalReviews}/${devReview}`)
      .update({ decision: "REMOVE", decidedBy: people.ops.email });
    await db
      .doc(`${paths.removalReviews}/${pmReview}`)
      .update({ decision: "çıkar", decidedBy: people.ops.email });
    const at = new Date("2030-12-28T10:00:00Z");
    const out = await runJob("apply-removal-decisions", at);
    expect(out).toContain("removed: 1");

    const r = await api.call<{ data: Record<string, unknown> }>(
      ...route(contract.projects.byId, { id: "runbook-ekip" }),
    );
    const team = r.body.data.teamMembers as { _id?: string; userName?: string }[];
    expect(team).toHaveLength(1);
    expect(JSON.stringify(team)).not.toContain(uid.dev);
    const fe = (r.body.data.positions as Record<string, unknown>[]).find(
      (p) => p.positionName === "Frontend Developer",
    )!;
    expect(fe).toMatchObject({ status: "OPEN", windowStartsAt: at.toISOString() });
    expect((await db.doc(`${paths.members("runbook-ekip")}/${uid.dev}`).get()).get("active")).toBe(
      false,
    );
    const discarded = await db
      .collection(paths.notifications)
      .where("userId", "==", uid.dev)
      .where("type", "==", "PROJECT_USER_DISCARDED")
      .get();
    expect(discarded.size).toBe(1);
    expect((await db.doc(`${paths.removalReviews}/${devReview}`).get()).get("appliedAt")).not.toBe(
      null,
    );

    const unusable = (await db.doc(`${paths.removalReviews}/${pmReview}`).get()).data()!;
    expect(unusable.appliedAt).toBe(null);
    expect(unusable.problem).toBe(
      'Karar uygulanamadı: decision alanı "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır) olmalı; yazılan: "çıkar".',
    );
    expect(await mailsTo(people.admin.email, `removalReviews/${pmReview}`)).toHaveLength(1);
    expect((await db.doc(paths.user(uid.pm)).get()).get("currentProjectId")).toBe("runbook-ekip");

    // Corrected as the problem says: KEEP closes the review and clears the problem.
    await db.doc(`${paths.removalReviews}/${pmReview}`).update({ decision: "KEEP" });
    expect(await runJob("apply-removal-decisions", at)).toContain("kept: 1");
    const kept = (await db.doc(`${paths.removalReviews}/${pmReview}`).get()).data()!;
    expect(kept.appliedAt).not.toBe(null);
    expect(kept.problem).toBeUndefined();
  });

  it("computes a month from netProfit alone; a string figure is reported", async () => {
    for (const key of ["pm", "dev"] as const) {
      await db.doc(paths.user(uid[key])).update({ birthDate: "1998-04-12" });
    }
    await db.doc(`${paths.payouts}/2030-12`).set({ netProfit: 100000 });
    await db.doc(`${paths.payouts}/2030-11`).set({ netProfit: "50.000" });
    const payday = new Date("2031-01-15T07:00:00Z");
    const out = await runJob("profit-share", payday);
    expect(out).toContain("periodsComputed: 1");
    const month = (await db.doc(`${paths.payouts}/2030-12`).get()).data()!;
    expect(month).toMatchObject({ netProfit: 100000, platformRate: 0.1, platformAmount: 10000 });
    expect(month.computedAt.toDate().toISOString()).toBe(payday.toISOString());
    // Both Juniors of "Runbook Ekibi" worked in December: each has a statement.
    const statements = await db.collection(paths.statements("2030-12")).get();
    expect(statements.docs.map((d) => d.id).sort()).toEqual([uid.pm, uid.dev].sort());

    const wrong = (await db.doc(`${paths.payouts}/2030-11`).get()).data()!;
    expect(wrong.computedAt).toBeUndefined();
    expect(wrong.problem).toBe(
      'Kâr paylaşımı hesaplanamadı: netProfit number türünde olmalı; yazılan: "50.000".',
    );
    expect(await mailsTo(people.admin.email, "payouts/2030-11")).toHaveLength(1);
    await runJob("profit-share", new Date("2031-01-16T07:00:00Z"));
    expect(await mailsTo(people.admin.email, "payouts/2030-11")).toHaveLength(1);
  });

  it("publishes and announces a new profit rate; an unusable rate is reported", async () => {
    await db.doc(paths.platformConfig).set({ profitRate: 0.125 }, { merge: true });
    const at = new Date("2031-01-20T07:00:00Z");
    const out = await runJob("announce-profit-rate", at);
    expect(out).toContain("announced: true");

    // Anyone reads the rate in force and the announcement, which runs for 30 days.
    const visitor = visitorFirestore();
    try {
      const pub = (await getDoc(doc(visitor.db, paths.publicConfig))).data()!;
      expect(pub.profitRate).toBe(0.125);
      expect(pub.announcement.text).toBe(
        "Platformun net kârdan aldığı pay %10 yerine %12,5 olarak güncellendi.",
      );
      expect(pub.announcement.endsAt.toDate().toISOString()).toBe("2031-02-19T07:00:00.000Z");
      // The FAQ names the rate through {profitRate}, which the site fills in.
      const faqs = await db.collection(paths.faqs).get();
      expect(faqs.docs.some((d) => String(d.get("answer")).includes("{profitRate}"))).toBe(true);
    } finally {
      await visitor.close();
    }
    const mails = await mailsTo(people.dev.email, "Kâr paylaşımı oranı güncellendi");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.text).toContain("%10 yerine %12,5");

    // 12 instead of 0.12: not used, reported once.
    await db.doc(paths.platformConfig).update({ profitRate: 12 });
    await runJob("announce-profit-rate", new Date("2031-01-20T07:05:00Z"));
    await runJob("announce-profit-rate", new Date("2031-01-20T07:10:00Z"));
    const config = (await db.doc(paths.platformConfig).get()).data()!;
    expect(config.problem).toBe(
      "Kâr oranı uygulanamadı: profitRate 0 ile 1 arasında bir number olmalı (%12 için 0.12); yazılan: 12.",
    );
    expect(await mailsTo(people.admin.email, "config/platform")).toHaveLength(1);
    expect((await db.doc(paths.publicConfig).get()).get("profitRate")).toBe(0.125);
    expect(await mailsTo(people.dev.email, "Kâr paylaşımı oranı güncellendi")).toHaveLength(1);

    await db.doc(paths.platformConfig).update({ profitRate: 0.12 });
    await runJob("announce-profit-rate", new Date("2031-01-20T07:15:00Z"));
    const fixed = (await db.doc(paths.platformConfig).get()).data()!;
    expect(fixed.problem).toBeUndefined();
    expect(fixed.announcedProfitRate).toBe(0.12);
    expect((await db.doc(paths.publicConfig).get()).get("profitRate")).toBe(0.12);
  });

  it("lets HR read the feedback through the rules with npm run hr-feedback, and only HR", async () => {
    const pm = (await db.doc(paths.user(uid.pm)).get()).data()!;
    const dev = (await db.doc(paths.user(uid.dev)).get()).data()!;
    await db.doc(`${paths.feedbacks(uid.dev)}/runbook-f1`).set({
      evaluatorId: uid.pm,
      evaluatorUser: {
        name: pm.name,
        userName: pm.userName,
        position: { name: "Project Manager" },
      },
      feedback: "Kod incelemelerinde çok titiz.",
      projectId: "runbook-ekip",
      weekId: "2030-12-27",
      updatedAt: FieldValue.serverTimestamp(),
    });
    const hr = await script("hr-feedback", [people.hr.email, dev.userName], {
      HR_PASSWORD: MEMBER_PASSWORD,
    });
    expect(hr.code).toBe(0);
    expect(hr.out).toContain(`Feedback about ${people.dev.name} (${dev.userName}):`);
    expect(hr.out).toContain(
      `- [2030-12-27] about ${uid.dev}, project runbook-ekip, from ${pm.userName}: Kod incelemelerinde çok titiz.`,
    );
    const all = await script("hr-feedback", [people.hr.email], { HR_PASSWORD: MEMBER_PASSWORD });
    expect(all.out).toContain("✔ 1 feedback");

    const ops = await script("hr-feedback", [people.ops.email], { HR_PASSWORD: MEMBER_PASSWORD });
    expect(ops.code).not.toBe(0);
    expect(ops.out).toContain("does not have the role hr");
  });
});
