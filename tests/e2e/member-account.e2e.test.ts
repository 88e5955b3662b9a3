/**
 * A member edits every section of the own account page through its 627 px modals, through the
 * built app and the whole local stack, at phone and desktop width — checking the page and what
 * reached Firestore.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { messages, paths } from "@platform/common";
import { screenshot, viewports } from "../support/browser.js";
import {
  adminAuth,
  adminDb,
  createMember,
  latestMailText,
  storageObjects,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";
import { gifFile, largePng, oversizedPng } from "../support/upload-files.js";

const hosting = inject("stackUrls").hosting!;
const browser = memberSuiteBrowser();

const field = (scope: Page | ReturnType<Page["getByRole"]>, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();

async function pick(page: Page, label: string, option: string) {
  await field(page.getByRole("dialog"), label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * The success toasts of the previous saves stack in the top right corner, over the edit buttons
 * there, and a pointer resting on a toast pauses its timer: close them as a member would.
 */
async function dismissToasts(page: Page) {
  const closeButtons = page.locator(".mantine-Notification-root button");
  for (let left = await closeButtons.count(); left > 0; left = await closeButtons.count()) {
    await closeButtons
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined); // already leaving
    await page.waitForTimeout(50);
  }
}

async function openEditor(page: Page, section: string, title: string) {
  await dismissToasts(page);
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

/**
 * Records every value the photo's progress bar shows from now on, and whether it was on screen:
 * a local upload can finish between two polls, a MutationObserver sees each render. The browser's
 * upload is throttled (DevTools network emulation) so the bar has time to move.
 */
async function watchProgress(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await page.evaluate(() => {
    const seen: { value: number; visible: boolean }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>(
        '[data-testid="photo-progress"] [role="progressbar"]',
      );
      if (!bar) return;
      const value = Number(bar.getAttribute("aria-valuenow"));
      const box = bar.parentElement!.getBoundingClientRect();
      if (seen.at(-1)?.value !== value)
        seen.push({ value, visible: box.width > 0 && box.height > 0 });
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    return page.evaluate(
      () =>
        (window as unknown as { progressSeen: { value: number; visible: boolean }[] }).progressSeen,
    );
  };
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("account page at %s width", (name, viewport) => {
  it("edits every section through its modal", async () => {
    const label = name === "phone" ? "Telefon" : "Masaustu";
    const email = `hesap.${name}@example.com`;
    const uid = await createMember({ name: `Elif ${label}`, email, password: PASSWORD });
    const { context, page, errors } = await openMemberPage(browser(), viewport, email);

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

    // social media: only filled links, '--' for the rest; a website must be a full web address
    dialog = await openEditor(page, "Sosyal Medya", "Sosyal Medyayı Düzenle");
    await dialog.getByLabel("GitHub").fill("https://github.com/elif");
    await dialog.getByLabel("Kişisel Web Sitesi").fill("elif.dev");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await dialog.getByText(messages.users.websiteInvalid).waitFor();
    await dialog.getByLabel("Kişisel Web Sitesi").fill("https://elif.dev");
    await save(page);
    const social = page.getByTestId("account-social");
    await social.getByText("https://github.com/elif").waitFor();
    await social.getByText("https://elif.dev").waitFor();
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
    // one address format on every page: "Şehir, Ülke"
    await personal.getByText("Berlin, Almanya").waitFor();
    await screenshot(page, `member-account-${name}-page`);

    // photo: the type and size checks send nothing; the upload goes straight to Storage with a
    // progress bar, then the photo is deleted
    const photoFolder = `users/${uid}/profile/`;
    const photo = page.getByTestId("account-photo");
    await photo.hover();
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(gifFile("a.gif"));
    await page.getByText("Sadece JPEG, PNG ve JPG formatları desteklenmektedir!").waitFor();
    await fileInput.setInputFiles(oversizedPng("big.png"));
    await page.getByText("Dosya boyutu 5MB'dan küçük olmalıdır!").waitFor();
    expect(await storageObjects(photoFolder)).toEqual([]);
    expect((await adminDb().doc(paths.user(uid)).get()).data()!.photoPath).toBeNull();

    const portrait = largePng("yüz.png");
    const readings = await watchProgress(page);
    await fileInput.setInputFiles(portrait);
    await page.getByText("Fotoğraf başarıyla yüklendi.").waitFor();
    await page.getByRole("progressbar", { name: "Yükleme ilerlemesi" }).waitFor({
      state: "detached",
    });
    const seen = await readings();
    // shown while it ran, counting up to 100, never going back
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((r) => r.visible)).toBe(true);
    expect(seen[0]!.value).toBeLessThan(100);
    expect(seen.at(-1)!.value).toBe(100);
    const values = seen.map((r) => r.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const stored = await storageObjects(photoFolder);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.contentType).toBe("image/png");
    expect(stored[0]!.bytes.equals(portrait.buffer)).toBe(true);
    const withPhoto = (await adminDb().doc(paths.user(uid)).get()).data()!;
    expect(withPhoto.photoPath).toBe(stored[0]!.name);
    const avatar = photo.locator("img");
    await expect
      .poll(() => avatar.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBe(1100);
    // toasts pause while the pointer is over them (and may cover the photo on a phone)
    await page.mouse.move(1, viewport.height - 1);
    await page.locator(".mantine-Notification-root").first().waitFor({ state: "detached" });
    await screenshot(page, `member-account-${name}-photo`);
    await photo.hover();
    await page.getByRole("button", { name: "Fotoğrafı sil" }).click();
    await page.getByText("Profil fotoğrafı başarıyla silindi").waitFor();
    expect((await adminDb().doc(paths.user(uid)).get()).data()!.photoPath).toBeNull();
    expect(await storageObjects(photoFolder)).toEqual([]);

    // another slug in the address is replaced by the member's own, keeping the hash
    await page.goto(`${hosting}/hesabim/baska-biri#geriBildirimler`);
    await page.waitForURL(`${hosting}/hesabim/elif-${label.toLowerCase()}#geriBildirimler`);
    await page.getByTestId("account-feedback").waitFor();

    const profile = (await adminDb().doc(paths.user(uid)).get()).data()!;
    expect(profile).toMatchObject({
      about: "Arayüzler geliştirmeyi seviyorum.",
      social_medias: ["github:https://github.com/elif", "website:https://elif.dev"],
      languages: [{ language: "Türkçe", level: "İleri" }],
      edu_cert: ["Ege Üniversitesi"],
      skills: [{ name: "Figma" }],
      gender: "FEMALE",
      birthDate: "1998-04-09",
      address: "Almanya - Berlin",
    });
    expect(errors).toEqual([]);
    await context.close();
    // Seven saves, a throttled photo upload and two screenshots: long on a loaded machine.
  }, 120_000);

  it("saves a checked IBAN shown masked, and lists the member's monthly statements", async () => {
    const label = name === "phone" ? "Telefon" : "Masaustu";
    const email = `odeme.${name}@example.com`;
    const uid = await createMember({ name: `Deniz ${label}`, email, password: PASSWORD });
    const someoneElse = await createMember({
      name: `Başka ${label}`,
      email: `baska.${name}@example.com`,
      password: PASSWORD,
    });
    const db = adminDb();
    const statement = (userId: string, period: string, over: Record<string, unknown>) =>
      db.doc(`${paths.statements(period)}/${userId}`).set({
        userId,
        period,
        days: 30,
        share: 30 / 105,
        amount: 2_571.43,
        amountKurus: 257_143,
        ibanStatus: "PRESENT",
        status: "PAYABLE",
        computedAt: new Date("2026-11-15T07:00:00Z"),
        releasedAt: null,
        ...over,
      });
    await statement(uid, "2026-10", {
      days: 15,
      share: 0.25,
      amount: 1_234_567.89,
      amountKurus: 123_456_789,
    });
    await statement(uid, "2026-11", { ibanStatus: "MISSING", status: "HELD_NO_IBAN" });
    await statement(uid, "2026-09", {
      share: 0,
      amount: 0,
      amountKurus: 0,
      status: "NO_BIRTH_DATE",
    });
    await statement(someoneElse, "2026-11", { amountKurus: 999_999 });

    const { context, page, errors } = await openMemberPage(browser(), viewport, email);
    await page.goto(`${hosting}/hesabim/deniz-${label.toLowerCase()}`);
    const payment = page.getByTestId("account-payment");
    await payment.getByTestId("iban-missing").waitFor();

    // Kazançlarım: newest month first, ₺ in tr-TR format, the status in words; nobody else's.
    const earnings = page.getByTestId("account-earnings");
    await earnings.getByTestId("statement").first().waitFor();
    expect(await earnings.getByTestId("statement-month").allTextContents()).toEqual([
      "Kasım 2026",
      "Ekim 2026",
      "Eylül 2026",
    ]);
    expect(await earnings.getByTestId("statement-amount").allTextContents()).toEqual([
      "₺2.571,43",
      "₺1.234.567,89",
      "₺0,00",
    ]);
    expect(await earnings.getByTestId("statement-status").allTextContents()).toEqual([
      "IBAN bekleniyor",
      "Ödemeye alındı",
      "Doğum tarihi eksik",
    ]);
    await earnings.getByText("15 çalışma günü · Pay: %25").waitFor();
    await earnings.getByText(/Doğum tarihiniz kayıtlı olmadığı için/).waitFor();
    expect(await earnings.innerText()).not.toContain("9.999,99");
    await screenshot(page, `member-account-${name}-earnings`);

    // A wrong checksum: a Turkish message in the 627 px modal, nothing saved.
    const dialog = await openEditor(page, "Ödeme Bilgileri", "Ödeme Bilgilerini Düzenle");
    const width = await page
      .locator(".mantine-Modal-content")
      .evaluate((el) => el.getBoundingClientRect().width);
    if (viewport.width > 700) expect(width).toBe(627);
    else expect(width).toBeLessThanOrEqual(viewport.width);
    await dialog.getByLabel(/^IBAN/).fill("TR34 0006 1005 1978 6457 8413 26");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await dialog.getByText(messages.iban.checksum).waitFor();
    await dialog.getByLabel(/^IBAN/).fill("TR33 0006 1005 1978 6457 84");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await dialog.getByText(messages.iban.format).waitFor();
    await screenshot(page, `member-account-${name}-iban-error`);
    expect((await db.doc(paths.userDetails(uid)).get()).data()?.iban ?? "").toBe("");

    // A valid one, typed with spaces: saved without them, shown with the last four digits only.
    await dialog.getByLabel(/^IBAN/).fill("tr33 0006 1005 1978 6457 8413 26");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText(messages.iban.saved).last().waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await payment
      .getByTestId("iban-masked")
      .getByText("TR** **** **** **** **** **13 26")
      .waitFor();
    expect(await payment.innerText()).not.toMatch(/0006|1005|8413/);
    expect((await db.doc(paths.userDetails(uid)).get()).data()?.iban).toBe(
      "TR330006100519786457841326",
    );
    await screenshot(page, `member-account-${name}-iban-saved`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unverified e-mail offers 'Onay için tıklayınız!', which mails the confirmation link", async () => {
    const email = `onaysiz.${name}@example.com`;
    await createMember({ name: `Onaysız ${name}`, email, password: PASSWORD, verified: false });
    const { context, page } = await openMemberPage(browser(), viewport, email);
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

  it("#anketOylamasi scrolls the survey 100 px below the top; the position is locked in a project", async () => {
    const email = `kaydir.${name}@example.com`;
    const uid = await createMember({ name: `Kaydır ${name}`, email, password: PASSWORD });
    await adminDb().doc(paths.user(uid)).update({ currentProjectId: "proj-kilit" });
    const { context, page, errors } = await openMemberPage(browser(), viewport, email);
    await page.goto(`${hosting}/hesabim/kaydir-${name}#anketOylamasi`);
    const survey = page.getByTestId("account-survey");
    await survey.waitFor();
    // The page scrolls after 500 ms, once the sections have their height.
    await expect
      .poll(
        () =>
          survey.evaluate((el) => {
            const top = el.getBoundingClientRect().top;
            const atBottom =
              window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
            return { scrolled: window.scrollY > 0, onMark: Math.abs(top - 100) <= 2 || atBottom };
          }),
        { timeout: 10_000 },
      )
      .toEqual({ scrolled: true, onMark: true });
    await screenshot(page, `member-account-${name}-survey-hash`);

    const dialog = await openEditor(page, "Kişisel Bilgiler", "Kişisel Bilgileri Düzenle");
    const position = dialog.getByLabel("Pozisyon", { exact: true });
    expect(await position.isDisabled()).toBe(true);
    await dialog
      .getByText("Pozisyonunuzu değiştirmek için önce projeden ayrılmalısınız.")
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new e-mail is saved unconfirmed and signs in; another member's e-mail changes nothing", async () => {
    const email = `eposta.${name}@example.com`;
    const taken = `dolu.${name}@example.com`;
    const fresh = `yeni.eposta.${name}@example.com`;
    const uid = await createMember({ name: `Eposta ${name}`, email, password: PASSWORD });
    await createMember({ name: `Dolu ${name}`, email: taken, password: PASSWORD });
    const { context, page, errors } = await openMemberPage(browser(), viewport, email);
    await page.goto(`${hosting}/hesabim/eposta-${name}`);
    let contact = page.getByTestId("account-contact");
    await contact.getByText(email).waitFor();
    await contact.getByLabel("Onaylandı").waitFor();

    const contactDoc = async () => (await adminDb().doc(paths.userContact(uid)).get()).data();
    const authUser = async () => {
      const u = await adminAuth().getUser(uid);
      return { email: u.email, emailVerified: u.emailVerified };
    };

    // another member's address: the modal says so and nothing changes anywhere
    let dialog = await openEditor(page, "İletişim Bilgileri", "İletişim Bilgilerini Düzenle");
    await dialog.getByLabel("E-posta").fill(taken);
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await dialog
      .getByTestId("edit-error")
      .getByText("Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.")
      .waitFor();
    await screenshot(page, `member-account-${name}-email-taken`);
    expect(await contactDoc()).toMatchObject({ email, isEmailVerified: true });
    expect(await authUser()).toEqual({ email, emailVerified: true });
    expect((await adminAuth().getUserByEmail(taken)).uid).not.toBe(uid);
    await dialog.getByRole("button", { name: "Vazgeç" }).click();
    await dialog.waitFor({ state: "detached" });
    await contact.getByLabel("Onaylandı").waitFor();

    // a new address: saved as unconfirmed in Firestore and in Auth. Auth ends the member's
    // sessions when the e-mail changes, so the app says so and goes to the login page
    dialog = await openEditor(page, "İletişim Bilgileri", "İletişim Bilgilerini Düzenle");
    await dialog.getByLabel("E-posta").fill(fresh);
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await page
      .getByText(
        "E-posta adresiniz güncellendi. Lütfen yeni e-posta adresinizle tekrar giriş yapın.",
      )
      .waitFor();
    await page.waitForURL(`${hosting}/giris_yap`);
    expect(await contactDoc()).toMatchObject({ email: fresh, isEmailVerified: false });
    expect(await authUser()).toEqual({ email: fresh, emailVerified: false });
    await screenshot(page, `member-account-${name}-email-sign-in-again`);
    expect(await page.getByTestId("account-button").count()).toBe(0);
    expect(errors).toEqual([]);

    // the old address no longer signs in, the new one does (on the login form itself: the
    // editor, with an "E-posta" field of its own, may still be on screen while it loads)
    const login = page.getByTestId("login");
    await login.waitFor();
    await login.getByLabel("E-posta").fill(email);
    await login.getByLabel(/^Şifre( \*)?$/).fill(PASSWORD);
    await login.getByRole("button", { name: "Giriş yap" }).click();
    await login
      .getByTestId("auth-error")
      .getByText("Lütfen e-posta ve şifrenizi kontrol ediniz")
      .waitFor();
    await login.getByLabel("E-posta").fill(fresh);
    await login.getByRole("button", { name: "Giriş yap" }).click();
    await page.waitForURL(`${hosting}/`);
    await page.goto(`${hosting}/hesabim/eposta-${name}`);
    contact = page.getByTestId("account-contact");
    await contact.getByText(fresh).waitFor();
    await contact.getByRole("button", { name: "Onay için tıklayınız!" }).waitFor();
    expect(await contact.getByLabel("Onaylandı").count()).toBe(0);
    // the long address stays inside its card
    const card = (await contact.boundingBox())!;
    const address = (await contact.getByText(fresh).boundingBox())!;
    expect(address.x + address.width).toBeLessThanOrEqual(card.x + card.width);
    await screenshot(page, `member-account-${name}-email-changed`);
    // the confirmation goes to the new address
    const before = Date.now() - 1000;
    await contact.getByRole("button", { name: "Onay için tıklayınız!" }).click();
    await page.getByText("Mailinizi kontrol edin. Onay bağlantısı gönderildi.").waitFor();
    expect(await latestMailText(fresh, before)).toContain("/api/auth/verify-email?token=");
    expect(errors).toEqual([]);
    await context.close();
  });
});
