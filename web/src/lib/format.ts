/** Display helpers shared by several pages, pure. */

/** The avatar letters: the first letter of the first two words, upper-cased the Turkish way. */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase("tr-TR"))
    .join("");
}

/** ISO calendar date "YYYY-MM-DD" (as stored) → "DD/MM/YYYY"; anything else as given. */
export function formatBirthDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (iso ?? "");
}

/** The shape check of an e-mail address (ASCII only, surrounding spaces ignored), as the API's. */
export { isEmailAddress } from "@platform/common";
