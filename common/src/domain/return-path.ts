/**
 * Where a link of ours may send the browser afterwards: only a path on the app's own origin.
 * Browsers read `/\evil.example` and `//evil.example` as other hosts and drop tabs and newlines
 * inside URLs, so such input is refused before parsing, and the parsed result is checked again.
 */

const FALLBACK = "/";

/** Control characters (tabs and newlines included), spaces and backslashes. */
function hasUnsafeCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || ch === "\\") return true;
  }
  return false;
}

/** `candidate` as a same-origin path (`/…` with query and fragment), or "/" when it is not one. */
export function safeReturnPath(candidate: string | undefined | null, appBaseUrl: string): string {
  if (!candidate || hasUnsafeCharacter(candidate)) return FALLBACK;
  // An encoded backslash too: anything that decodes the path before redirecting would unveil it.
  if (/%5c/i.test(candidate)) return FALLBACK;
  let base: URL;
  let url: URL;
  try {
    base = new URL(appBaseUrl);
    url = new URL(candidate, base);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== base.origin) return FALLBACK;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" parses to the path "//evil", which a browser would read as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return FALLBACK;
  return path;
}

/** `path` (from safeReturnPath) with one query parameter set, keeping the fragment last. */
export function withQueryParam(path: string, key: string, value: string): string {
  const url = new URL(path, "http://app.invalid");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
