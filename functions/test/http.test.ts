/**
 * The HTTP layer without Firebase: CSRF, the session cookie, validation before any handler runs,
 * authentication refusals and the JSON error shapes. Routes are mounted on a plain Express app.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import cookieParser from "cookie-parser";
import express from "express";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@platform/common";
import { createApp } from "../src/http/app.js";
import { csrfProtection } from "../src/http/csrf.js";
import { data, endpoint as defineEndpoint } from "@platform/common/api";
import { endpoint, register } from "../src/http/endpoint.js";
import { SESSION_COOKIE } from "../src/http/session.js";
import { safeReturnPath } from "../src/services/accounts.js";
import { sniffImageType } from "../src/infra/multipart.js";

let server: Server;
let probeServer: Server;
let base: string;
let probeBase: string;
let handlerRuns = 0;

async function listen(app: express.Express): Promise<[Server, string]> {
  const s = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => s.once("listening", resolve));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  process.env.APP_BASE_URL = "http://127.0.0.1:5000";
  [server, base] = await listen(createApp());
  const probe = express();
  probe.use(express.json());
  probe.use(cookieParser());
  probe.use(csrfProtection);
  register(probe, [
    endpoint(
      defineEndpoint({
        method: "POST",
        path: "/probe/:id",
        access: "public",
        params: z.object({ id: z.string().regex(/^\d+$/, { error: "Geçersiz kimlik." }) }),
        body: z.object({ age: z.number({ error: "Yaş bir sayı olmalıdır." }) }),
        response: data<{ id: string; age: number }>(),
      }),
      async ({ body, params }) => {
        handlerRuns++;
        return { data: { id: params.id, age: body.age } };
      },
    ),
    endpoint(
      defineEndpoint({
        method: "GET",
        path: "/private",
        access: "member",
        response: data<string>(),
      }),
      async () => {
        handlerRuns++;
        return { data: "gizli" };
      },
    ),
  ]);
  [probeServer, probeBase] = await listen(probe);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => probeServer.close(resolve));
});

async function csrfPair() {
  const res = await fetch(`${base}/api/auth/csrf-token`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  const body = (await res.json()) as { csrfToken: string; data: { csrfToken: string } };
  return { res, cookie, token: body.csrfToken, body };
}

describe("CSRF", () => {
  it("hands out a token in a cookie Hosting will forward and not cache", async () => {
    const { res, cookie, token, body } = await csrfPair();
    expect(res.status).toBe(200);
    expect(body.data.csrfToken).toBe(token);
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(res.headers.get("cache-control")).toContain("private");
  });

  it("keeps the same token while the cookie lives", async () => {
    const { cookie, token } = await csrfPair();
    const again = await fetch(`${base}/api/auth/csrf-token`, {
      headers: { cookie: cookie.split(";")[0]! },
    });
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(token);
  });

  it("refuses a cookie-carrying POST without the header, or with a wrong one, before the handler", async () => {
    const { cookie, token } = await csrfPair();
    const runs = handlerRuns;
    const headers = { cookie: cookie.split(";")[0]!, "content-type": "application/json" };
    const missing = await fetch(`${probeBase}/probe/1`, {
      method: "POST",
      headers,
      body: '{"age":3}',
    });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({
      success: false,
      message: messages.general.csrfInvalid,
      csrf: false,
    });
    const wrong = await fetch(`${probeBase}/probe/1`, {
      method: "POST",
      headers: { ...headers, "x-csrf-token": `${token}x` },
      body: '{"age":3}',
    });
    expect(wrong.status).toBe(403);
    expect(handlerRuns).toBe(runs);
    const ok = await fetch(`${probeBase}/probe/1`, {
      method: "POST",
      headers: { ...headers, "x-csrf-token": token },
      body: '{"age":3}',
    });
    expect(ok.status).toBe(200);
    expect(handlerRuns).toBe(runs + 1);
  });

  it("does not ask cookie-less (Bearer) clients for a token", async () => {
    const res = await fetch(`${probeBase}/probe/7`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"age":30}',
    });
    expect(await res.json()).toEqual({ success: true, data: { id: "7", age: 30 } });
  });
});

describe("validation and authentication", () => {
  it("answers invalid params or body with a Turkish 400 and never runs the handler", async () => {
    const runs = handlerRuns;
    const badParam = await fetch(`${probeBase}/probe/abc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"age":3}',
    });
    expect(badParam.status).toBe(400);
    expect(((await badParam.json()) as { message: string }).message).toBe("Geçersiz kimlik.");
    const badBody = await fetch(`${probeBase}/probe/1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"age":"üç"}',
    });
    const body = (await badBody.json()) as { success: boolean; message: string; errors: unknown[] };
    expect(badBody.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toBe("Yaş bir sayı olmalıdır.");
    expect(body.errors).toEqual([{ path: "age", message: "Yaş bir sayı olmalıdır." }]);
    expect(handlerRuns).toBe(runs);
  });

  it("answers a missing token with 401 and an undecodable one with the documented token message", async () => {
    const none = await fetch(`${probeBase}/private`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ success: false, message: messages.general.unauthorized });
    const junk = await fetch(`${probeBase}/private`, {
      headers: { authorization: "Bearer bozuk" },
    });
    expect(junk.status).toBe(401);
    expect(((await junk.json()) as { message: string }).message).toBe(
      "Token gecersiz veya decode edilemedi",
    );
  });

  it("validates the registration body before touching Firebase", async () => {
    const res = await fetch(`${base}/api/auth/register-step-1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "a", email: "ayse@ornek.com", password: "Parola123" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(messages.users.nameRequired);
  });

  it("refuses unknown PATCH /users sections after authentication", async () => {
    const res = await fetch(`${base}/api/users`, { method: "PATCH" });
    expect(res.status).toBe(401);
  });
});

describe("helpers", () => {
  it("returns after e-mail confirmation only to same-site paths", () => {
    expect(safeReturnPath("/hesabim/ayse")).toBe("/hesabim/ayse");
    expect(safeReturnPath("http://127.0.0.1:5000/hesabim/ayse?x=1")).toBe("/hesabim/ayse?x=1");
    expect(safeReturnPath("https://kotu.example/hesabim")).toBe("/");
    expect(safeReturnPath("//kotu.example")).toBe("/");
    expect(safeReturnPath(undefined)).toBe("/");
    for (const evil of ["/\\evil.example", "/%5Cevil", "/\t/evil.example", "javascript:x"]) {
      expect(safeReturnPath(evil)).toBe("/");
    }
  });

  it("recognises JPEG and PNG by their first bytes only", () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "image/png",
    );
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(Buffer.from("<svg/>"))).toBeNull();
  });
});
