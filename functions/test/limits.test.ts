/**
 * Per-IP limits through the real app: the e2e stack is one client (127.0.0.1), so budgets per IP
 * and the proxy hops are proven here, with the production hop count behind the Hosting rewrite.
 */
import { describe, expect, it } from "vitest";
import { HOSTING_PROXY_HOPS, trustedProxyHops } from "../src/config.js";
import { db as getFirestore } from "../src/firebase.js";
import { apiApp } from "./app-harness.js";

const app = apiApp({ TRUSTED_PROXY_HOPS: String(HOSTING_PROXY_HOPS) });

/** Google front-end addresses: which one forwards a request differs from request to request. */
const frontEnds = ["34.96.0.1", "34.96.0.2", "35.191.0.7"];
let forwarded = 0;

/**
 * A request as it reaches the function behind Hosting: whatever the client sent, the client's
 * address (appended by Hosting's edge), then a Google front-end address.
 */
function registerFrom(clientAddress: string, spoofed?: string) {
  const frontEnd = frontEnds[forwarded++ % frontEnds.length]!;
  const xff = [spoofed, clientAddress, frontEnd].filter(Boolean).join(", ");
  return fetch(`${app().base}/api/auth/register-step-1`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": xff },
    // An address that is already a member's: step 1 answers 409 once past the limit check.
    body: JSON.stringify({ name: "Ayşe Yılmaz", email: "uye@example.com", password: "Parola123" }),
  });
}

describe("the client address behind Hosting", () => {
  it("is two hops from the right in production, none in the emulators", () => {
    const keys = ["TRUSTED_PROXY_HOPS", "FUNCTIONS_EMULATOR", "FIREBASE_AUTH_EMULATOR_HOST"];
    const saved = keys.map((key) => [key, process.env[key]] as const);
    try {
      for (const key of keys) delete process.env[key];
      expect(trustedProxyHops()).toBe(2);
      process.env.FUNCTIONS_EMULATOR = "true";
      expect(trustedProxyHops()).toBe(0);
      process.env.TRUSTED_PROXY_HOPS = "3";
      expect(trustedProxyHops()).toBe(3);
    } finally {
      for (const [key, value] of saved) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

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
