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

/** "country - city" (docs/product-rules.md#profile-address) → "city, country", on every page alike; anything else as given. */
export function formatAddress(address: string | null | undefined): string {
  if (!address?.trim()) return "";
  const [country, city] = address.split(" - ").map((s) => s.trim());
  return city ? `${city}, ${country}` : (country ?? "");
}

/** An average rating on the 1–5 scale, one decimal: "4.3 / 5". */
export const formatAverage = (value: number) => `${value.toFixed(1)} / 5`;

/** The per-skill averages of the skill survey (docs/product-rules.md#profile-fields), by skill name. */
export function skillAverageRows(
  skillVotes: Record<string, number> | null | undefined,
): { skill: string; average: string }[] {
  return Object.entries(skillVotes ?? {})
    .filter(([, v]) => typeof v === "number" && Number.isFinite(v))
    .sort(([a], [b]) => a.localeCompare(b, "tr"))
    .map(([skill, v]) => ({ skill, average: formatAverage(v) }));
}

