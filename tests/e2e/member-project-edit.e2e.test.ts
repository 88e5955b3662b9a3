/**
 * The Junior Project Manager edits the project on /projeler/edit/{projectId}: general info and
 * completion, positions added in the modal held locally and sent on save, a position deleted after
 * the yes/no question; the project image goes to Storage and shows on /projeler; anyone else is
 * sent to the project list. Built app, whole local stack, phone and desktop width, checking the page,
 * Firestore and Storage.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { paths, slugifyName } from "@platform/common";
import { screenshot, viewports } from "../support/browser.js";
import {
  adminDb,
  createMember,
  storageObjects,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";
import { gifFile, oversizedPng, smallPng } from "../support/upload-files.js";

const hosting = inject("stackUrls").hosting!;
const browser = memberSuiteBrowser();

async function seedProject(tag: string) {
  const pmName = `Mert Yönetici ${tag}`;
  const pmEmail = `pm.${tag}@example.com`;
  const pm = await createMember({
    name: pmName,
    email: pmEmail,
    password: PASSWORD,
    position: "Project Manager",
  });
  const otherEmail = `uye.${tag}@example.com`;
  await createMember({ name: `Can Üye ${tag}`, email: otherEmail, password: PASSWORD });
  const projectId = `proj-${tag}`;
  const now = new Date();
  const db = adminDb();
  await db
    .doc(paths.user(pm))
    .update({ currentProjectId: projectId, currentProjectTitle: "Gönüllü Bul" });
  await db.doc(paths.project(projectId)).set({
    title: "Gönüllü Bul",
    definition: "Gönüllüleri derneklerle buluşturan web uygulaması.",
    type: "WEB",
    status: "Ongoing",
    isLive: true,
    goLiveAt: now,
    liveSince: now,
    startedAt: now,
    completed_percentage: 40,
    memberCount: 1,
    allPositionCount: 2,
    openPositionCount: 1,
    managerId: pm,
    imagePath: null,
    team: [
      {
        uid: pm,
        name: pmName,
        userName: slugifyName(pmName),
        type: "JUNIOR",
        positionName: "Project Manager",
      },
    ],
    memberIds: [pm],
    createdAt: now,
    updatedAt: now,
  });
  await db.doc(`${paths.members(projectId)}/${pm}`).set({
    uid: pm,
    name: pmName,
    userName: slugifyName(pmName),
    type: "JUNIOR",
    positionName: "Project Manager",
    positionId: "pos-pm",
    active: true,
    joinedAt: now,
    leftAt: null,
  });
  const position = (id: string, data: Record<string, unknown>) =>
    db.doc(paths.position(projectId, id)).set({
      projectId,
      positionId: id,
      expectations: [],
      windowStartsAt: now,
      windowEndsAt: new Date(now.getTime() + 24 * 3600_000),
      applicantCount: 0,
      filledBy: null,
      createdAt: now,
      updatedAt: now,
      ...data,
    });
  await position("pos-pm", {
    positionName: "Project Manager",
    type: "JUNIOR",
    status: "FILLED",
    filledBy: pm,
  });
  await position("pos-open", {
    positionName: "Frontend Developer",
    type: "JUNIOR",
    status: "OPEN",
    expectations: ["React"],
  });
  return { pmEmail, otherEmail, projectId, pm };
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole("dialog").getByLabel(label, { exact: true }).first().click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("project edit at %s width", (name, viewport) => {
  it("the manager edits, adds positions on save and deletes one after confirming", async () => {
    const { pmEmail, otherEmail, projectId } = await seedProject(name);
    const { context, page, errors } = await openMemberPage(browser(), viewport, pmEmail);

    // from the account page: the project menu's 'Düzenle'
    await page.goto(`${hosting}/hesabim/${slugifyName(`Mert Yönetici ${name}`)}`);
    await page.getByRole("button", { name: "Gönüllü Bul proje menüsü" }).click();
    await page.getByRole("menuitem", { name: "Düzenle" }).click();
    await page.waitForURL(`${hosting}/projeler/edit/${projectId}`);
    await page.getByRole("heading", { name: "Gönüllü Bul", level: 1 }).waitFor();
    await page.getByTestId("edit-open-positions").getByText("Jr Frontend Developer").waitFor();

    // nothing changed yet
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByTestId("edit-save-error").getByText("Kaydedilecek veri bulunamadı").waitFor();

    // a position added in the modal stays local until saving
    await page.getByRole("button", { name: "Pozisyon ekle" }).click();
    await pick(page, "Pozisyon", "Sr Backend Developer");
    await pick(page, "Beklentiler", "Node.js");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").getByRole("button", { name: "Ekle" }).click();
    await page.getByTestId("edit-new-positions").getByText("Sr Backend Developer").waitFor();
    const before = await adminDb().collection(paths.positions(projectId)).get();
    expect(before.size).toBe(2);

    await page.getByLabel("Proje tanımı").fill("Gönüllüler ve dernekler için eşleştirme.");
    await page.getByRole("slider").focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await page.getByText("Tamamlanma yüzdesi: %45").waitFor();
    await screenshot(page, `member-project-edit-${name}-form`);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Proje başarıyla güncellendi.").waitFor();
    await page
      .getByTestId("edit-new-positions")
      .getByText("Henüz yeni pozisyon eklenmedi.")
      .waitFor();
    await page.getByTestId("edit-open-positions").getByText("Sr Backend Developer").waitFor();

    const project = (await adminDb().doc(paths.project(projectId)).get()).data()!;
    expect(project.definition).toBe("Gönüllüler ve dernekler için eşleştirme.");
    expect(project.completed_percentage).toBe(45);
    const after = await adminDb().collection(paths.positions(projectId)).get();
    const added = after.docs
      .map((d) => d.data())
      .find((p) => p.positionName === "Backend Developer");
    expect(added).toMatchObject({ type: "SENIOR", status: "OPEN", expectations: ["Node.js"] });

    // delete with the yes/no question: 'Hayır' keeps it, 'Evet' deletes it
    const open = page.getByTestId("edit-open-positions");
    await open.getByRole("button", { name: "Jr Frontend Developer pozisyonunu sil" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Hayır" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect((await adminDb().doc(paths.position(projectId, "pos-open")).get()).exists).toBe(true);
    await open.getByRole("button", { name: "Jr Frontend Developer pozisyonunu sil" }).click();
    await page
      .getByRole("dialog")
      .getByText("Jr Frontend Developer pozisyonu silinecek. Emin misiniz?")
      .waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Evet" }).click();
    await page.getByText("Pozisyon başarıyla silindi.").waitFor();
    await open.getByText("Jr Frontend Developer").waitFor({ state: "detached" });
    expect((await adminDb().doc(paths.position(projectId, "pos-open")).get()).exists).toBe(false);
    await screenshot(page, `member-project-edit-${name}-saved`);
    expect(errors).toEqual([]);
    await context.close();

    // anyone else is sent to the project list
    const other = await openMemberPage(browser(), viewport, otherEmail);
    await other.page.goto(`${hosting}/projeler/edit/${projectId}`);
    await other.page.waitForURL(`${hosting}/projeler`);
    await other.context.close();
  });

  it("the manager uploads the project image: Storage, the project's imagePath and /projeler; docs/product-rules.md#photo-rules refusals send nothing", async () => {
    const { pmEmail, projectId } = await seedProject(`${name}-gorsel`);
    const folder = `projects/${projectId}/image/`;
    const { context, page, errors } = await openMemberPage(browser(), viewport, pmEmail);
    await page.goto(`${hosting}/projeler/edit/${projectId}`);
    const section = page.getByTestId("edit-image");
    await section.getByRole("button", { name: "Görsel yükle" }).waitFor();
    const fileInput = section.locator('input[type="file"]');
    const toast = (text: string) =>
      page.locator(".mantine-Notification-root").filter({ hasText: text }).waitFor();

    // docs/product-rules.md#photo-rules: the type, then the size, refused on the page before anything is sent
    await fileInput.setInputFiles(gifFile("logo.gif"));
    await toast("Sadece JPEG, PNG ve JPG formatları desteklenmektedir!");
    await fileInput.setInputFiles(oversizedPng("buyuk.png"));
    await toast("Dosya boyutu 5MB'dan küçük olmalıdır!");
    await screenshot(page, `member-project-edit-${name}-image-refused`);
    expect(await storageObjects(folder)).toEqual([]);
    expect((await adminDb().doc(paths.project(projectId)).get()).data()!.imagePath).toBeNull();

    const logo = smallPng("gönüllü logo.png", 64, 48);
    await fileInput.setInputFiles(logo);
    await toast("Görsel başarıyla yüklendi.");
    const stored = await storageObjects(folder);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.contentType).toBe("image/png");
    expect(stored[0]!.bytes.equals(logo.buffer)).toBe(true);
    const imagePath = (await adminDb().doc(paths.project(projectId)).get()).data()!.imagePath;
    expect(imagePath).toBe(stored[0]!.name);
    const record = await adminDb()
      .collection(paths.images)
      .where("relatedId", "==", projectId)
      .get();
    expect(record.docs.map((d) => d.data())).toMatchObject([
      { relatedType: "Project", imageType: "Logo", path: imagePath, size: logo.buffer.length },
    ]);

    // the edit page shows it after the reload; naturalWidth proves the bytes decoded
    const natural = (img: ReturnType<Page["locator"]>) =>
      img.evaluate(
        (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth,
      );
    const edited = section.getByRole("img", { name: "Gönüllü Bul" });
    await expect.poll(() => natural(edited)).toBe(64);
    await screenshot(page, `member-project-edit-${name}-image-uploaded`);

    // /projeler loads the card's image from Storage by the recorded path
    const fromStorage = page.waitForResponse(
      (res) =>
        res.url().startsWith("http://127.0.0.1:9199/") &&
        res.url().includes(encodeURIComponent(imagePath)) &&
        res.status() === 200,
    );
    await page.goto(`${hosting}/projeler`);
    await fromStorage;
    const card = page
      .locator(`[data-testid="project-card"][data-project-id="${projectId}"]`)
      .getByRole("img", { name: "Gönüllü Bul proje görseli" });
    await expect.poll(() => natural(card)).toBe(64);
    expect(await card.getAttribute("src")).toContain(encodeURIComponent(imagePath));
    await screenshot(page, `member-project-edit-${name}-image-list`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a member leaves the ongoing project from the account page", async () => {
    const { pmEmail, projectId, pm } = await seedProject(`${name}-ayril`);
    const { context, page } = await openMemberPage(browser(), viewport, pmEmail);
    await page.goto(`${hosting}/hesabim/${slugifyName(`Mert Yönetici ${name}-ayril`)}`);
    await page.getByTestId("account-projects").getByText("Gönüllü Bul").waitFor();
    const memberDoc = async () =>
      (
        await adminDb()
          .doc(`${paths.members(projectId)}/${pm}`)
          .get()
      ).data()!;
    // 'Ayrıl' asks first; 'Hayır' changes nothing
    await page.getByRole("button", { name: "Gönüllü Bul proje menüsü" }).click();
    await page.getByRole("menuitem", { name: "Ayrıl" }).click();
    let dialog = page.getByRole("dialog", { name: "Projeden ayrılınsın mı?" });
    await dialog.getByText("Gönüllü Bul projesinden ayrılacaksınız. Emin misiniz?").waitFor();
    await screenshot(page, `member-project-edit-${name}-leave-confirm`);
    await dialog.getByRole("button", { name: "Hayır" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await memberDoc()).active).toBe(true);
    await page.getByRole("button", { name: "Gönüllü Bul proje menüsü" }).click();
    await page.getByRole("menuitem", { name: "Ayrıl" }).click();
    dialog = page.getByRole("dialog", { name: "Projeden ayrılınsın mı?" });
    await dialog.getByRole("button", { name: "Evet" }).click();
    await page.getByText("Projeden başarıyla ayrıldınız").waitFor();
    const member = (
      await adminDb()
        .doc(`${paths.members(projectId)}/${pm}`)
        .get()
    ).data()!;
    expect(member).toMatchObject({ active: false });
    expect(member).not.toHaveProperty("leftReason");
    const departure = await adminDb().doc(paths.memberDeparture(projectId, pm)).get();
    expect(departure.get("reason")).toBe("LEFT");
    expect((await adminDb().doc(paths.user(pm)).get()).data()!.currentProjectId).toBeNull();
    await screenshot(page, `member-project-edit-${name}-left`);
    await context.close();
  });

  it("a missing project says 'Proje bulunamadı.'", async () => {
    const email = `yok.${name}@example.com`;
    await createMember({ name: `Yok ${name}`, email, password: PASSWORD });
    const { context, page } = await openMemberPage(browser(), viewport, email);
    await page.goto(`${hosting}/projeler/edit/olmayan-proje`);
    await page.getByText("Proje bulunamadı.").waitFor();
    await context.close();
  });
});
