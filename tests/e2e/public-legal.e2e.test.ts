/** The four legal pages (docs/product-rules.md#screen-legal) with their query parameters, at three widths. */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { seriousAxeViolations } from "../support/public-browser.js";
import { openPage } from "../support/pages.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser();

/** Today in Istanbul as DD/MM/YYYY. */
function todayInIstanbul(): string {
  const d = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

const PAGES = [
  {
    path: "/acik_riza_metni",
    title: "Açık Rıza Metni",
    contains: ["6698 sayılı", "E-posta adresimin aynı projede", "30 gün", "iletisim@example.com"],
  },
  {
    path: "/uyelik_kullanici_sozlesmesi",
    title: "Üyelik ve Kullanıcı Sözleşmesi",
    contains: [
      "Üyelik ücretsizdir.",
      "her cuma saat 12:00'de yeni bir proje eklenir",
      "Cumartesi saat 12:00'ye kadar yeni projeye yalnızca Junior Project Manager başvurabilir.",
      "3 gün içinde teslim eder",
      "24 saat boyunca başvuru alır",
      "24'er saat uzatılır",
      "yalnızca bir aktif projede",
      "haftada 15 saat ve üzeri",
      "haftada en az 1 saat mentörlük",
      "cuma saat 12:00 ile 23:59 arasında",
      "%50 veya daha fazlası",
      // The rate in force (config/public; the default while no change was announced).
      "net kârdan %10 oranında pay alır",
      "her ayın 15'inde bir önceki ay için hesaplanır",
      "ayın 15'inde katılan üye için 15 gün hesaplanır",
      "yalnızca 18 yaşından büyük Juniorlara",
      "en geç 30 gün içinde",
    ],
  },
  {
    path: "/kvkk",
    title: "KVKK Aydınlatma Metni",
    contains: [
      "6698 sayılı",
      "11. maddesi",
      "en geç 30 gün içinde",
      "iletisim@example.com",
      "europe-west1",
      "son doğrulama kodundan 7 gün sonra",
      "30 gün sonra silinir",
      "'Verilerimi İndir' düğmesiyle",
      "'Hesabımı Sil' düğmesiyle",
    ],
  },
  {
    path: "/gizlilik_cerez_politikasi",
    title: "Gizlilik ve Çerez Politikası",
    contains: [
      "6698 sayılı Kişisel Verilerin Korunması Kanunu",
      "kullanmaya devam etmeniz, bu Gizlilik ve Çerez Politikası'nı kabul ettiğiniz anlamına gelir",
      "Geçici (oturum) çerezleri",
      "siteden ayrıldığınızda silinir",
      "Zorunlu (kalıcı) çerezler",
      "Tercihlerinizi değiştirene",
      "Altyapının iyileştirilmesi",
      "Kişiselleştirme",
      "Reklam ve pazarlama",
      "yalnızca kayıtlı üyelere açık bölümleri",
      "iletisim@example.com",
    ],
  },
] as const;

const effectiveDate = (page: Page) => page.getByTestId("effective-date");

describe.each(Object.entries(viewports))("at %s width", (name, viewport) => {
  it.each(PAGES)("$title: full text and the effective date of today", async (legal) => {
    const { context, page, errors } = await openPage(browser(), viewport);
    await page.goto(`${hosting}${legal.path}`);
    const main = page.locator("main");
    await main.getByRole("heading", { level: 1, name: legal.title }).waitFor();
    expect(await page.title()).toBe(`${legal.title} | Platform`);
    const text = await main.innerText();
    for (const fragment of legal.contains) expect(text).toContain(fragment);
    expect(await effectiveDate(page).innerText()).toBe(`Yürürlük Tarihi: ${todayInIstanbul()}`);
    // the texts give the date "aşağıda": it follows the last section
    expect(text.trimEnd().endsWith(`Yürürlük Tarihi: ${todayInIstanbul()}`)).toBe(true);
    expect(await page.getByTestId("legal-version").innerText()).toMatch(
      /^Metin sürümü: \d{4}-\d{2}-\d{2}$/,
    );
    if (name === "phone" || legal.path === "/gizlilik_cerez_politikasi") {
      await screenshot(page, `public-legal${legal.path.replace(/\//g, "-")}-${name}`);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("cookie policy structure and query parameters", () => {
  it("has the numbered sections and the table in section 2", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop);
    await page.goto(`${hosting}/gizlilik_cerez_politikasi`);
    const headings = page.locator("main").getByRole("heading", { level: 2 });
    await headings.first().waitFor();
    expect(await headings.allInnerTexts()).toEqual([
      "1. Çerez Nedir?",
      "2. Çerezlerin Yerleştirilmesi ve Tercihlerin Değiştirilmesi",
      "3. Çerez Türleri ve Kullanım Amaçları",
      "4. Politikadaki Değişiklikler",
      "5. Yürürlük ve Son Hükümler",
    ]);
    const section2 = page.getByRole("region", {
      name: "2. Çerezlerin Yerleştirilmesi ve Tercihlerin Değiştirilmesi",
    });
    const table = section2.getByRole("table");
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual([
      "Tarayıcı",
      "Çerez ayarlarının yeri",
    ]);
    expect(await table.getByRole("row").count()).toBe(6);
    await context.close();
  });

  it("hides the effective date when opened from the footer", async () => {
    const { context, page } = await openPage(browser(), viewports.phone);
    await page.goto(hosting);
    await page.locator("footer").getByRole("link", { name: "KVKK Aydınlatma Metni" }).click();
    await page.waitForURL(`${hosting}/kvkk?fromFooter=true`);
    await page.getByRole("heading", { level: 1, name: "KVKK Aydınlatma Metni" }).waitFor();
    expect(await effectiveDate(page).count()).toBe(0);
    expect(await page.getByTestId("legal-person").count()).toBe(0);
    await context.close();
  });

  it("shows the person and the date when opened from registration", async () => {
    const { context, page } = await openPage(browser(), viewports.tablet);
    const query = new URLSearchParams({
      name: "Ayşe Yılmaz",
      email: "ayse@example.com",
      showDate: "true",
    });
    await page.goto(`${hosting}/uyelik_kullanici_sozlesmesi?${query}`);
    const person = page.getByTestId("legal-person");
    await person.waitFor();
    expect(await person.innerText()).toContain("İlgili kişi: Ayşe Yılmaz");
    expect(await person.innerText()).toContain("E-posta: ayse@example.com");
    expect(await effectiveDate(page).innerText()).toBe(`Yürürlük Tarihi: ${todayInIstanbul()}`);
    expect(await page.getByTestId("legal-version").innerText()).toMatch(
      /^Metin sürümü: \d{4}-\d{2}-\d{2}$/,
    );
    await screenshot(page, "public-legal-registration-tablet");
    await context.close();
  });
});
