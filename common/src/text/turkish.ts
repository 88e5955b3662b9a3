/** Turkish-aware text helpers: casing (İ/ı), slugs and directory search keys (docs/product-rules.md#screen-directories, #username-slug). */

const LOCALE = "tr-TR";

export const trLower = (s: string) => s.toLocaleLowerCase(LOCALE);
export const trUpper = (s: string) => s.toLocaleUpperCase(LOCALE);

/** "ayşe ılgın YILMAZ" → "Ayşe Ilgın Yılmaz": each word capitalised the Turkish way. */
export function toTitleCaseTr(input: string): string {
  return input
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => trUpper(word.charAt(0)) + trLower(word.slice(1)))
    .join(" ");
}

const TRANSLITERATION: Record<string, string> = {
  ç: "c",
  ğ: "g",
  ı: "i",
  i: "i",
  ö: "o",
  ş: "s",
  ü: "u",
  â: "a",
  î: "i",
  û: "u",
};

/**
 * The userName slug of docs/product-rules.md#username-slug: lower-cased, Turkish letters transliterated, spaces as hyphens.
 * "Çağrı Işık" → "cagri-isik". Other characters outside [a-z0-9-] are dropped.
 */
export function slugifyName(name: string): string {
  return trLower(name.trim())
    .replace(/[çğıiöşüâîû]/g, (ch) => TRANSLITERATION[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The Turkish alphabet (with q, w, x for foreign names), in dictionary order. */
const ALPHABET = "abcçdefgğhıijklmnoöpqrsştuüvwxyz";
/** Sort-key letters start here: two-byte UTF-8 characters, ordered like their code points. */
const SORT_BASE = 0x100;

/**
 * A key that sorts names in Turkish dictionary order under Firestore's plain string ordering
 * (UTF-8 bytes): "Çağla" after "Cem" and before "Deniz", "Işık" before "İpek". Letters become
 * characters in alphabet order; spaces, digits and hyphens stay, so "Ali Z" sorts before "Alim";
 * other accents are dropped ("â" sorts as "a").
 */
export function nameSortKey(name: string): string {
  let key = "";
  for (const ch of searchNormalize(name)) {
    const index = ALPHABET.indexOf(ch);
    if (index >= 0) {
      key += String.fromCharCode(SORT_BASE + index);
      continue;
    }
    const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    const baseIndex = ALPHABET.indexOf(base);
    key += baseIndex >= 0 ? String.fromCharCode(SORT_BASE + baseIndex) : ch;
  }
  return key;
}

/** Normalised form used for search: Turkish lower case, single spaces. */
export function searchNormalize(s: string): string {
  return trLower(s).replace(/\s+/g, " ").trim();
}

/** Longest search term that can match; longer input is cut to it. */
export const MAX_SEARCH_LENGTH = 24;

/**
 * Every substring (up to MAX_SEARCH_LENGTH characters) of the normalised name and position, so
 * that "substring contains" becomes an `array-contains` query the server answers with an index.
 */
export function buildSearchKeys(...fields: (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const field of fields) {
    const text = searchNormalize(field ?? "");
    for (let start = 0; start < text.length; start++) {
      for (let end = start + 1; end <= Math.min(text.length, start + MAX_SEARCH_LENGTH); end++) {
        const key = text.slice(start, end).trim();
        if (key) keys.add(key);
      }
    }
  }
  return [...keys];
}

/** The search key a user's query maps to (same normalisation, same length cap). */
export function searchKeyForQuery(query: string): string {
  return searchNormalize(query).slice(0, MAX_SEARCH_LENGTH).trim();
}

const MONTH_NAMES = [
  "Ocak",
  "Şubat",
  "Mart",
  "Nisan",
  "Mayıs",
  "Haziran",
  "Temmuz",
  "Ağustos",
  "Eylül",
  "Ekim",
  "Kasım",
  "Aralık",
];

/** A payout period in Turkish: "2026-11" → "Kasım 2026"; anything else comes back unchanged. */
export function periodLabel(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) return period;
  return `${MONTH_NAMES[month - 1]} ${match[1]}`;
}
