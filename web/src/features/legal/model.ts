import { istanbulParts } from "@platform/common";

/** A legal text as data: numbered sections of paragraphs, lists and tables. */
export interface LegalBlockParagraph {
  kind: "p";
  text: string;
}
export interface LegalBlockList {
  kind: "list";
  items: string[];
}
export interface LegalBlockTable {
  kind: "table";
  caption: string;
  head: string[];
  rows: string[][];
}
export type LegalBlock = LegalBlockParagraph | LegalBlockList | LegalBlockTable;

export interface LegalSection {
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  description: string;
  intro: string[];
  sections: LegalSection[];
}

export const p = (text: string): LegalBlockParagraph => ({ kind: "p", text });
export const list = (...items: string[]): LegalBlockList => ({ kind: "list", items });

/** Today's date in Istanbul as DD/MM/YYYY: the effective date the legal pages show. */
export function formatEffectiveDate(now: Date): string {
  const { year, month, day } = istanbulParts(now);
  return `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
}

export interface LegalQuery {
  /** Opened from the footer: the effective-date line is hidden. */
  fromFooter: boolean;
  /** Opened from registration: the date line is shown, with the person's name and e-mail. */
  showDate: boolean;
  name: string | null;
  email: string | null;
}

export function parseLegalQuery(params: URLSearchParams): LegalQuery {
  const text = (key: string) => params.get(key)?.trim() || null;
  return {
    fromFooter: params.get("fromFooter") === "true",
    showDate: params.get("showDate") === "true",
    name: text("name"),
    email: text("email"),
  };
}

/** The effective-date line: hidden when opened from the footer, unless showDate=true asks for it. */
export function showsEffectiveDate(q: LegalQuery): boolean {
  return q.showDate || !q.fromFooter;
}
