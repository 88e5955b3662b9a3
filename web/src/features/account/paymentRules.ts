/** Pure rules of the payment and earnings sections of the account page (docs/product-rules.md#profit-share-iban, #screen-account). */
import { type StatementDto } from "@platform/common";

/** "2026-11" → "Kasım 2026" (one rule with the mails of the profit share). */
export { periodLabel } from "@platform/common";

const lira = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" });

/** Kuruş as Turkish lira the tr-TR way: 257143 → "₺2.571,43". */
export function formatKurus(kurus: number): string {
  return lira.format(kurus / 100);
}

/** A share of the month as a percentage the Turkish way: 0.2857… → "%28,57". */
export function formatShare(share: number): string {
  const percent = new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 2 }).format(share * 100);
  return `%${percent}`;
}

export const STATEMENT_STATUS_TEXT: Record<StatementDto["status"], string> = {
  PAYABLE: "Ödemeye alındı",
  HELD_NO_IBAN: "IBAN bekleniyor",
  NO_BIRTH_DATE: "Doğum tarihi eksik",
};

export const STATEMENT_STATUS_COLOR: Record<StatementDto["status"], string> = {
  PAYABLE: "teal",
  HELD_NO_IBAN: "orange",
  NO_BIRTH_DATE: "gray",
};

/** What the member can do about a statement, or null when nothing is asked of them. */
export function statementHint(status: StatementDto["status"]): string | null {
  if (status === "HELD_NO_IBAN") {
    return "Payınız saklanıyor: IBAN numaranızı kaydettiğinizde bir sonraki hesaplamada ödemeye alınır.";
  }
  if (status === "NO_BIRTH_DATE") {
    return "Kâr payı 18 yaşını doldurmuş Juniorlara verilir. Doğum tarihiniz kayıtlı olmadığı için bu ay pay hesaplanamadı; Kişisel Bilgiler bölümünden ekleyebilirsiniz.";
  }
  return null;
}
