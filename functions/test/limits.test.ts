/**
 * Per-IP limits through the real app: the e2e stack is one client (127.0.0.1), so budgets per IP
 * and the proxy hop are proven here, with the production hop count (one proxy appends).
 */
import { describe, expect, it } from "vitest";
import { db as getFirestore } from "../src/firebase.js";
import { apiApp } from "./app-harness.js";

const app = apiApp({ TRUSTED_PROXY_HOPS: "1" });

/** A request as Google's front end forwards it: whatever the client sent, then its address. */
function registerFrom(clientAddress: string, spoofed?: string) {
  const xff = spoofed ? `${spoofed}, ${clientAddress}` : clientAddress;
  return fetch(`${app().base}/api/auth/register-step-1`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": xff },
    // An address that is already a member's: step 1 answers 409 once past the limit check.
    body: JSON.stringify({ name: "Ayşe Yılmaz", email: "uye@example.com", password: "Parola123" }),
  });
}

describe("register-step-1 per client IP", () => {
  it("allows 10 an hour, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect((await registerFrom("198.51.100.10")).status).toBe(409);
    const refused = await registerFrom("198.51.100.10");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    const body = (await refused.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toBe("Çok fazla deneme yapıldı. Lütfen 1 saat sonra tekrar deneyin.");
    // another client still has its budget
    expect((await registerFrom("198.51.100.11")).status).toBe(409);
  });

  it("a spoofed X-Forwarded-For does not give a fresh budget", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await registerFrom("198.51.100.20", `10.0.0.${i}`)).status).toBe(409);
    }
    for (const spoof of ["10.9.9.9", "198.51.100.99", "1.2.3.4, 5.6.7.8"]) {
      expect((await registerFrom("198.51.100.20", spoof)).status).toBe(429);
    }
  });

  it("stores counters under hashed ids with an expiry, never the raw address", async () => {
    const snap = await getFirestore().collection("rateLimits").get();
    expect(snap.size).toBeGreaterThan(0);
    for (const doc of snap.docs) {
      expect(doc.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(doc.data())).not.toContain("198.51.100");
      expect(doc.data().expiresAt.toMillis()).toBeGreaterThan(Date.now());
    }
  });
});
