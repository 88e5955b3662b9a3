import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/http/app.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createApp().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("api app", () => {
  it("answers GET /api/health with JSON", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as { success: boolean; data: { status: string } };
    expect(body.success).toBe(true);
    expect(body.data.status).toBe("ok");
  });

  it("answers unknown routes with a JSON 404", async () => {
    const res = await fetch(`${base}/api/does-not-exist`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body).toEqual({ success: false, message: "İstenen adres bulunamadı." });
  });

  it("rejects a malformed JSON body with a Turkish 400 and no stack trace", async () => {
    const res = await fetch(`${base}/api/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      message: "İstek gövdesi geçerli bir JSON değil.",
    });
    expect(text).not.toMatch(/at .*\.js/);
  });

  it("does not advertise the framework", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});
