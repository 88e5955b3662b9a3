import { messages } from "@platform/common";

/** The user id inside an ID token (docs/product-rules.md#login: "userId decoded from the access token"). */
export function userIdFromToken(token: string): string {
  const fail = () => new Error(messages.general.tokenUndecodable);
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) throw fail();
  let payload: unknown;
  try {
    const b64 = parts[1].replace(/-/g, "+").replace(/_/g, "/");
    const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    payload = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw fail();
  }
  const p = payload as { user_id?: unknown; sub?: unknown };
  const id = typeof p.user_id === "string" ? p.user_id : typeof p.sub === "string" ? p.sub : "";
  if (!id) throw fail();
  return id;
}
