/**
 * Member journeys across screens and the weekly cycle, through the built app and the whole local
 * stack at phone and desktop width, checking the texts and what reached Firestore:
 * - a Junior applies to an open position on /projeler, is picked by the selection job, finds the
 *   project as ongoing on the account page and leaves it;
 * - a Junior asks, from the mentor's public page, to end the work with the Senior of the project.
 */
import { doc as clientDoc, getDoc } from "firebase/firestore/lite";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { paths, slugifyName, voteWeekFor } from "@platform/common";
import { screenshot, viewports } from "../support/browser.js";
import { runJob, seedLiveProject } from "../support/journey-seed.js";
import {
  adminDb,
  createMember,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";
import { visitorFirestore } from "../support/stack-env.js";

const hosting = inject("stackUrls").hosting!;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const browser = memberSuiteBrowser();

const CAST = {
  phone: {
    applicant: "Elif Yıldız",
    applyProject: "Kampüs Rehberi",
    junior: "Can Demir",
    senior: "Zeynep Arslan",
    outsider: "Ece Kaya",
    mentorProject: "Gönüllü Bul",
  },
  desktop: {
    applicant: "Ayşe Çelik",
    applyProject: "Mahalle Takası",
    junior: "Mert Koç",
    senior: "Selin Aydın",
    outsider: "Burak Şahin",
    mentorProject: "Bisiklet Haritası",
  },
} as const;

async function member(name: string, position: string, type: "JUNIOR" | "SENIOR" = "JUNIOR") {
  const userName = slugifyName(name);
  const email = `${userName}@example.com`;
  const uid = await createMember({ name, email, password: PASSWORD, position, type });
  return { uid, name, userName, email, type, positionName: position };
}

const doc = async (path: string) => (await adminDb().doc(path).get()).data()!;
/** What a signed-out visitor's web SDK gets for `path`: the data, or the error code. */
async function visitorRead(path: string) {
  const visitor = visitorFirestore();
  try {
    return { data: (await getDoc(clientDoc(visitor.db, path))).data() ?? null };
  } catch (err) {
    return { denied: (err as { code?: string }).code };
  } finally {
    await visitor.close();
  }
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("member journeys at %s width", (name, viewport) => {
  const cast = CAST[name];

  it("a Junior applies, is selected by the job, sees the project ongoing and leaves it", async () => {
    const startedAt = Date.now();
    const applicant = await member(cast.applicant, "Frontend Developer");
    const projectId = `basvuru-${name}`;
    const title = cast.applyProject;
    // The stack runs on the real clock: the window is open now and the selection job runs as of
    // a minute after it ends, a few minutes ahead.
    const windowEndsAt = new Date(startedAt + 5 * MIN);
    await seedLiveProject({
      projectId,
      title,
      liveSince: new Date(startedAt - 8 * DAY),
      window: { startsAt: new Date(startedAt - HOUR), endsAt: windowEndsAt },
      team: [],
      openSeats: [
        {
          id: "pos-fe",
          positionName: "Frontend Developer",
          type: "JUNIOR",
          expectations: ["React"],
        },
        { id: "pos-be", positionName: "Backend Developer", type: "JUNIOR" },
      ],
    });
    const { context, page, errors } = await openMemberPage(browser(), viewport, applicant.email);

    await page.goto(`${hosting}/projeler`);
    await page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).click();
    const detail = page.getByTestId("project-detail");
    await detail.getByRole("heading", { name: title, level: 2 }).waitFor();
    const join = detail.getByRole("button", { name: "Projeye Katıl" });

    // a seat of another position is refused before anything is sent
    await detail.getByRole("radio", { name: "Jr Backend Developer" }).check();
    await join.click();
    await toast(page, "Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.");
    const be = await adminDb().collection(paths.applications(projectId, "pos-be")).get();
    expect(be.size).toBe(0);

    await detail.getByRole("radio", { name: "Jr Frontend Developer" }).check();
    await detail.getByTestId("qualifications").getByText("React").waitFor();
    await screenshot(page, `member-journeys-${name}-apply`);
    await join.click();
    await toast(page, "Başvurunuz başarıyla tamamlandı.");
    const appPath = `${paths.applications(projectId, "pos-fe")}/${applicant.uid}`;
    const application = await doc(appPath);
    expect(application).toMatchObject({
      userId: applicant.uid,
      projectId,
      positionId: "pos-fe",
      status: "PENDING",
    });
    expect(application.appliedAt.toMillis()).toBeGreaterThanOrEqual(startedAt);
    expect((await doc(paths.userState(applicant.uid))).activeApplication).toEqual({
      projectId,
      positionId: "pos-fe",
    });
    // a visitor reads the public profile, but not where its owner has applied
    const publicProfile = await visitorRead(paths.user(applicant.uid));
    expect(publicProfile.data).toMatchObject({ name: applicant.name, profileComplete: true });
    expect(publicProfile.data).not.toHaveProperty("activeApplication");
    expect(await visitorRead(paths.userState(applicant.uid))).toEqual({
      denied: "permission-denied",
    });

    // a pending application counts as being in a project (docs/product-rules.md#one-project): a second one is refused
    await join.click();
    await toast(page, "Katılmış olduğunuz proje bulunmaktadır.");
    expect((await doc(paths.position(projectId, "pos-fe"))).applicantCount).toBe(1);
    await screenshot(page, `member-journeys-${name}-applied`);
    await context.close();

    const out = await runJob("select-applicants", new Date(windowEndsAt.getTime() + MIN));
    expect(out).toContain("✔ select-applicants");
    expect((await doc(appPath)).status).toBe("ACCEPTED");
    expect(await doc(`${paths.members(projectId)}/${applicant.uid}`)).toMatchObject({
      active: true,
      positionId: "pos-fe",
      positionName: "Frontend Developer",
    });
    expect(await doc(paths.project(projectId))).toMatchObject({
      status: "Ongoing",
      memberIds: [applicant.uid],
      memberCount: 1,
      openPositionCount: 1,
    });
    expect((await doc(paths.user(applicant.uid))).currentProjectId).toBe(projectId);
    const accepted = await adminDb()
      .collection(paths.notifications)
      .where("userId", "==", applicant.uid)
      .where("type", "==", "PROJECT_ACCEPTED")
      .get();
    expect(accepted.size).toBe(1);

    // the account page lists it as ongoing, with 'Ayrıl' in its menu
    const account = await openMemberPage(browser(), viewport, applicant.email);
    await account.page.goto(`${hosting}/hesabim/${applicant.userName}`);
    const row = account.page.getByTestId("account-project").filter({ hasText: title });
    await row.getByText("Frontend Developer · Devam Ediyor").waitFor();
    await screenshot(account.page, `member-journeys-${name}-account`);
    const menu = account.page.getByRole("button", { name: `${title} proje menüsü` });
    await menu.click();
    await account.page.getByRole("menuitem", { name: "Ayrıl" }).click();
    await account.page
      .getByRole("dialog", { name: "Projeden ayrılınsın mı?" })
      .getByRole("button", { name: "Evet" })
      .click();
    await toast(account.page, "Projeden başarıyla ayrıldınız");
    await menu.waitFor({ state: "detached" });
    await row.getByText("Frontend Developer · Devam Ediyor").waitFor();
    await screenshot(account.page, `member-journeys-${name}-left`);

    const membership = await doc(`${paths.members(projectId)}/${applicant.uid}`);
    expect(membership).toMatchObject({ active: false });
    expect((await doc(paths.memberDeparture(projectId, applicant.uid))).reason).toBe("LEFT");
    // visitors see that the member left, never why (a removal would be the ops review's outcome)
    const publicMembership = await visitorRead(`${paths.members(projectId)}/${applicant.uid}`);
    expect(publicMembership.data).toMatchObject({ active: false });
    expect(publicMembership.data).not.toHaveProperty("leftReason");
    expect(await visitorRead(paths.memberDeparture(projectId, applicant.uid))).toEqual({
      denied: "permission-denied",
    });
    const leftAt = membership.leftAt.toMillis() as number;
    expect(leftAt).toBeGreaterThanOrEqual(startedAt);
    expect(leftAt).toBeLessThanOrEqual(Date.now());
    // the seat takes applications again for a fresh 24 hours from the departure
    const seat = await doc(paths.position(projectId, "pos-fe"));
    expect(seat).toMatchObject({ status: "OPEN", filledBy: null, applicantCount: 0 });
    expect(seat.windowStartsAt.toMillis()).toBe(leftAt);
    expect(seat.windowEndsAt.toMillis()).toBe(leftAt + DAY);
    expect(await doc(paths.project(projectId))).toMatchObject({
      memberIds: [],
      memberCount: 0,
      openPositionCount: 2,
    });
    expect((await doc(paths.user(applicant.uid))).currentProjectId).toBeNull();
    expect([...errors, ...account.errors]).toEqual([]);
    await account.context.close();
  });

  it("a Junior asks to end the work with the project's mentor, once a week", async () => {
    const junior = await member(cast.junior, "Frontend Developer");
    const senior = await member(cast.senior, "Backend Developer", "SENIOR");
    const outsider = await member(cast.outsider, "Frontend Developer");
    const now = Date.now();
    const window = { startsAt: new Date(now - HOUR), endsAt: new Date(now + 23 * HOUR) };
    const projectId = `mentor-${name}`;
    const liveSince = new Date(now - 10 * DAY);
    await seedLiveProject({
      projectId,
      title: cast.mentorProject,
      liveSince,
      window,
      team: [junior, senior],
      openSeats: [],
    });
    await seedLiveProject({
      projectId: `baska-${name}`,
      title: `${cast.mentorProject} Mobil`,
      liveSince,
      window,
      team: [outsider],
      openSeats: [],
    });

    const { context, page, errors } = await openMemberPage(browser(), viewport, junior.email);
    await page.goto(`${hosting}/senior/${senior.userName}`);
    await page.getByTestId("profile-name").getByText(senior.name).waitFor();
    const link = page.getByRole("button", { name: "Mentörle Çalışmayı Sonlandır" });
    await screenshot(page, `member-journeys-${name}-mentor`);
    const before = new Date();
    await link.click();
    await toast(page, "Sonlandırma isteğiniz başarıyla gerçekleşti");

    const requests = () =>
      adminDb().collection(paths.voteAnswers).where("voterId", "==", junior.uid).get();
    const sent = await requests();
    expect(sent.size).toBe(1);
    const request = sent.docs[0]!;
    expect(request.data()).toMatchObject({
      targetUserId: senior.uid,
      projectId,
      kind: "MENTOR",
      discardWanted: true,
      scores: null,
    });
    expect([voteWeekFor(before), voteWeekFor(new Date())]).toContain(request.data().weekId);
    expect(request.id).toBe(`mentor_${request.data().weekId}_${junior.uid}_${senior.uid}`);

    await link.click();
    await toast(page, "Bu hafta için sonlandırma isteğiniz zaten alınmış.");
    expect((await requests()).size).toBe(1);
    await screenshot(page, `member-journeys-${name}-mentor-again`);
    expect(errors).toEqual([]);
    await context.close();

    // a Junior of another project sees the profile without the link
    const other = await openMemberPage(browser(), viewport, outsider.email);
    await other.page.goto(`${hosting}/senior/${senior.userName}`);
    await other.page.getByTestId("profile-name").getByText(senior.name).waitFor();
    // the link depends on the viewer's own profile, which the header's account button shows
    await other.page.getByTestId("account-button").getByText(outsider.name).waitFor({
      state: "attached",
    });
    expect(await other.page.getByTestId("end-mentorship").count()).toBe(0);
    await other.context.close();
  });
});
