/**
 * A member edits every section of the own account page through its 627 px modals, through the
 * built app and the whole local stack, at phone and desktop width — checking the page and what
 * reached Firestore.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { paths } from "@platform/common";
import { launchBrowser, screenshot, viewports } from "../support/browser.js";
import {
  adminDb,
  closeAdmin,
  createMember,
  latestMailText,
  resetMemberData,
  signInContext,
} from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PASSWORD = "Uye-Sifre-2026";
let browser: Browser;

beforeAll(async () => {
  await resetMemberData();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await closeAdmin();
});

const field = (scope: Page | ReturnType<Page["getByRole"]>, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();

async function pick(page: Page, label: string, option: string) {
  await field(page.getByRole("dialog"), label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function openEditor(page: Page, section: string, title: string) {
  await page.getByRole("button", { name: `${section} düzenle` }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  return dialog;
}

async function save(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: "Kaydet" }).click();
  await page.getByText("Degisiklikler basariyla kaydedildi").last().waitFor();
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("account page at %s width", (name, viewport) => {
  it("edits every section through its modal", async () => {
    const label = name === "phone" ? "Telefon" : "Masaustu";
    const email = `hesap.${name}@example.com`;
    const uid = await createMember({ name: `Elif ${label}`, email, password: PASSWORD });
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => window.localStorage.setItem("cerezPopupClosed", "1"));
    await signInContext(context, email, PASSWORD);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    await page.goto(`${hosting}/hesabim/elif-${label.toLowerCase()}`);
    await page
      .getByTestId("account-card")
      .getByRole("heading", { name: `Elif ${label}` })
      .waitFor();

    // about
    let dialog = await openEditor(page, "Hakkımda", "Hakkımda Düzenle");
    const width = await page
      .locator(".mantine-Modal-content")
      .evaluate((el) => el.getBoundingClientRect().width);
    if (viewport.width > 700) expect(width).toBe(627);
    else expect(width).toBeLessThanOrEqual(viewport.width);
    await dialog.getByLabel("Hakkımda").fill("  Arayüzler geliştirmeyi seviyorum.  ");
    await save(page);
    await page
      .getByTestId("account-about")
      .getByText("Arayüzler geliştirmeyi seviyorum.")
      .waitFor();

    // social media: only filled links, '--' for the rest
    dialog = await openEditor(page, "Sosyal Medya", "Sosyal Medyayı Düzenle");
    await dialog.getByLabel("GitHub").fill("https://github.com/elif");
    await save(page);
    const social = page.getByTestId("account-social");
    await social.getByText("https://github.com/elif").waitFor();
    expect((await social.innerText()).match(/--/g)).toHaveLength(3);

    // contact: digits only in the telephone
    dialog = await openEditor(page, "İletişim Bilgileri", "İletişim Bilgilerini Düzenle");
    await dialog.getByLabel("Telefon").fill("0532 abc 111");
    expect(await dialog.getByLabel("Telefon").inputValue()).toBe("0532111");
    await save(page);
    await page.getByTestId("account-contact").getByText("0532111").waitFor();

    // languages: one row cannot be removed; rows without a level are dropped
    dialog = await openEditor(page, "Diller", "Dilleri Düzenle");
    expect(await dialog.getByRole("button", { name: "1. dili kaldır" }).isDisabled()).toBe(true);
    await pick(page, "1. dil", "Türkçe");
    await pick(page, "1. dil seviyesi", "İleri");
    await dialog.getByRole("button", { name: "Dil ekle" }).click();
    expect(await dialog.getByRole("button", { name: "1. dili kaldır" }).isDisabled()).toBe(false);
    await pick(page, "2. dil", "İngilizce");
    await save(page);
    await page.getByTestId("account-languages").getByText("İleri").waitFor();

    // education: trimmed, empty entries ignored
    dialog = await openEditor(page, "Eğitim ve Sertifikalar", "Eğitim ve Sertifikaları Düzenle");
    await dialog
      .getByLabel("1. eğitim veya sertifika", { exact: true })
      .fill("  Ege Üniversitesi  ");
    await dialog.getByRole("button", { name: "Eğitim veya sertifika ekle" }).click();
    await save(page);
    await page.getByTestId("account-education").getByText("Ege Üniversitesi").waitFor();

    // skills
    dialog = await openEditor(page, "Yetenekler", "Yetenekleri Düzenle");
    await pick(page, "Yetenekler", "Figma");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Degisiklikler basariyla kaydedildi").last().waitFor();
    await page.getByTestId("account-skills").getByText("Figma").waitFor();

    // personal: a country change clears the city
    dialog = await openEditor(page, "Kişisel Bilgiler", "Kişisel Bilgileri Düzenle");
    await pick(page, "Cinsiyet", "Kadın");
    await pick(page, "Gün", "09");
    await pick(page, "Ay", "04");
    await pick(page, "Yıl", "1998");
    await pick(page, "Ülke", "Türkiye");
    await pick(page, "Şehir", "İzmir");
    await pick(page, "Ülke", "Almanya");
    expect(await field(dialog, "Şehir").inputValue()).toBe("");
    await pick(page, "Şehir", "Berlin");
    await screenshot(page, `member-account-${name}-personal`);
    await save(page);
    const personal = page.getByTestId("account-personal");
    await personal.getByText("Kadın").waitFor();
    await personal.getByText("09/04/1998").waitFor();
    await personal.getByText("Almanya - Berlin").waitFor();
    await screenshot(page, `member-account-${name}-page`);

    // photo: the type and size checks, upload straight to Storage, then delete
    const photo = page.getByTestId("account-photo");
    await photo.hover();
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "a.gif", mimeType: "image/gif", buffer: PNG });
    await page.getByText("Sadece JPEG, PNG ve JPG formatları desteklenmektedir!").waitFor();
    await fileInput.setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByText("Dosya boyutu 5MB'dan küçük olmalıdır!").waitFor();
    await fileInput.setInputFiles({ name: "yüz.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("Fotoğraf başarıyla yüklendi.").waitFor();
    await photo.locator("img").waitFor();
    const withPhoto = (await adminDb().doc(paths.user(uid)).get()).data()!;
    expect(String(withPhoto.photoPath)).toMatch(new RegExp(`^users/${uid}/profile/`));
    // toasts pause while the pointer is over them (and may cover the photo on a phone)
    await page.mouse.move(1, viewport.height - 1);
    await page.locator(".mantine-Notification-root").first().waitFor({ state: "detached" });
    await photo.hover();
    await page.getByRole("button", { name: "Fotoğrafı sil" }).click();
    await page.getByText("Profil fotoğrafı başarıyla silindi").waitFor();
    expect((await adminDb().doc(paths.user(uid)).get()).data()!.photoPath).toBeNull();

    // another slug in the address is replaced by the member's own, keeping the hash
    await page.goto(`${hosting}/hesabim/baska-biri#geriBildirimler`);
    await page.waitForURL(`${hosting}/hesabim/elif-${label.toLowerCase()}#geriBildirimler`);
    await page.getByTestId("account-feedback").waitFor();

    const profile = (await adminDb().doc(paths.user(uid)).get()).data()!;
    expect(profile).toMatchObject({
      about: "Arayüzler geliştirmeyi seviyorum.",
      social_medias: ["github:https://github.com/elif"],
      languages: [{ language: "Türkçe", level: "İleri" }],
      edu_cert: ["Ege Üniversitesi"],
      skills: [{ name: "Figma" }],
      gender: "FEMALE",
      birthDate: "1998-04-09",
      address: "Almanya - Berlin",
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unverified e-mail offers 'Onay için tıklayınız!', which mails the confirmation link", async () => {
    const email = `onaysiz.${name}@example.com`;
    await createMember({ name: `Onaysız ${name}`, email, password: PASSWORD, verified: false });
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => window.localStorage.setItem("cerezPopupClosed", "1"));
    await signInContext(context, email, PASSWORD);
    const page = await context.newPage();
    await page.goto(`${hosting}/hesabim/onaysiz-${name}`);
    const contact = page.getByTestId("account-contact");
    await contact.getByText(email).waitFor();
    expect(await contact.getByLabel("Onaylandı").count()).toBe(0);
    const before = Date.now() - 1000;
    await contact.getByRole("button", { name: "Onay için tıklayınız!" }).click();
    await page.getByText("Mailinizi kontrol edin. Onay bağlantısı gönderildi.").waitFor();
    const mail = await latestMailText(email, before);
    expect(mail).toContain("/api/auth/verify-email?token=");
    await context.close();
  });
});
