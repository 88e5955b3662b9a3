/**
 * A personal website link (the "website" entry of the social section): an absolute http or https
 * address with a host, so the profile never links to `javascript:` or a relative path. Empty means
 * "no website" and is left to the caller (only filled links are saved).
 */
import { messages } from "../messages.js";

/** Null when the address may be saved as a website link, else the text to show. */
export function websiteError(value: string): string | null {
  const address = value.trim();
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return messages.users.websiteInvalid;
  }
  const webScheme = url.protocol === "https:" || url.protocol === "http:";
  // `new URL` also accepts "https:example.com"; the address must spell out "//".
  const spelledOut = /^https?:\/\//i.test(address);
  return webScheme && spelledOut && url.hostname.includes(".")
    ? null
    : messages.users.websiteInvalid;
}
