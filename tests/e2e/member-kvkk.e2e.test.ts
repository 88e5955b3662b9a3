/**
 * The KVKK buttons of the account page through the built app and the whole local stack, at phone
 * and desktop width: "Verilerimi İndir" saves the member's data as verilerim-YYYY-MM-DD.json, and
 * "Hesabımı Sil" refuses a wrong password, then deletes the account, signs out and goes home.
 */
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { exportFileName, messages, paths } from "@platform/common";
import { idTokenFor } from "../support/api-client.js";
import { screenshot, viewports } from "../support/browser.js";
import {
  adminAuth,
  adminDb,
  createMember,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
const browser = memberSuiteBrowser();

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("KVKK buttons at %s width", (name, viewport) => {
  it("downloads the member's data, then deletes the account and signs out", async () => {
    const label = name === "phone" ? "Telefon" : "Masaustu";
    const email = `kvkk.${name}@example.com`;
    const uid = await createMember({ name: `Deniz ${label}`, email, password: PASSWORD });
    await adminDb().doc(paths.userDetails(uid)).update({ telephone: "05321112233" });
    const { context, page, errors } = await openMemberPage(browser(), viewport, email);

    await page.goto(`${hosting}/hesabim/deniz-${label.toLowerCase()}`);
    const rights = page.getByTestId("account-data-rights");
    await rights.getByRole("heading", { name: "Kişisel Verilerim" }).waitFor();
    await rights.scrollIntoViewIfNeeded();
    await screenshot(page, `member-kvkk-account-${name}`);

    // Download: one JSON file named after today's date, with the member's data.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      rights.getByRole("button", { name: "Verilerimi İndir" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(exportFileName(new Date()));
    const saved = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      uid: string;
      profile: { name: string };
      contact: { email: string };
      privateDetails: { telephone: string; consents: { contractOfUse: boolean } };
    };
    expect(saved.uid).toBe(uid);
    expect(saved.profile.name).toBe(`Deniz ${label}`);
    expect(saved.contact.email).toBe(email);
    expect(saved.privateDetails.telephone).toBe("05321112233");
    expect(saved.privateDetails.consents.contractOfUse).toBe(true);
    await page.getByText("Verileriniz indirildi.").waitFor();

    // Delete: the modal warns; a wrong password is refused in Turkish and changes nothing.
    await rights.getByRole("button", { name: "Hesabımı Sil" }).click();
    const dialog = page.getByRole("dialog", { name: "Hesabımı Sil" });
    await dialog.waitFor();
    await dialog.getByText("Bu işlem geri alınamaz.", { exact: false }).waitFor();
    const width = await page
      .locator(".mantine-Modal-content")
      .evaluate((el) => el.getBoundingClientRect().width);
    if (viewport.width > 700) expect(width).toBe(627);
    else expect(width).toBeLessThanOrEqual(viewport.width);
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await dialog.getByText(messages.account.deletePasswordRequired).waitFor();
    await dialog.getByLabel("Şifreniz").fill("Yanlis-Sifre-9");
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await dialog.getByText(messages.account.deletePasswordWrong).waitFor();
    await screenshot(page, `member-kvkk-delete-modal-${name}`);
    expect((await adminAuth().getUser(uid)).uid).toBe(uid);
    expect((await adminDb().doc(paths.user(uid)).get()).exists).toBe(true);

    await dialog.getByLabel("Şifreniz").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await page.waitForURL(`${hosting}/`);
    await page.getByText(messages.account.deleted).waitFor();
    await screenshot(page, `member-kvkk-deleted-${name}`);
    // The account is gone and the old password no longer signs in.
    await expect(adminAuth().getUser(uid)).rejects.toThrow();
    expect((await adminDb().doc(paths.user(uid)).get()).exists).toBe(false);
    await expect(idTokenFor(email, PASSWORD)).rejects.toThrow(/sign-in failed/);
    // Signed out: the account page now sends a visitor to the login page.
    await page.goto(`${hosting}/hesabim/deniz-${label.toLowerCase()}`);
    await page.waitForURL(/\/giris_yap/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
