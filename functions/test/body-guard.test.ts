/**
 * Request bodies as the Cloud Functions runtime hands them over: already read into `rawBody` and
 * parsed whatever their type (form-encoded too), so only the app's own checks stand in the way.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@platform/common";
import { createApp } from "../src/http/app.js";
import { JSON_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from "../src/http/body-guard.js";
import { readMultipart } from "../src/infra/multipart.js";

let runtime: Server;
let plain: Server;
let reader: Server;
let runtimeBase: string;
let plainBase: string;
let readerBase: string;

/** What the Functions runtime does before the app: keep the bytes, parse JSON, forms and text. */
function functionsRuntime(): express.Express {
  const outer = express();
  const keepRaw = (req: express.Request, _res: unknown, buf: Buffer) => {
    (req as express.Request & { rawBody?: Buffer }).rawBody = buf;
  };
  outer.use(express.json({ limit: "10mb", verify: keepRaw }));
  outer.use(express.urlencoded({ extended: true, limit: "10mb", verify: keepRaw }));
  outer.use(express.text({ limit: "10mb", verify: keepRaw }));
  outer.use(express.raw({ type: "*/*", limit: "10mb", verify: keepRaw }));
  outer.use(createApp());
  return outer;
}

async function listen(app: express.Express): Promise<[Server, string]> {
  const s = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => s.once("listening", resolve));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  process.env.APP_BASE_URL = "http://127.0.0.1:5000";
  [runtime, runtimeBase] = await listen(functionsRuntime());
  [plain, plainBase] = await listen(createApp());
  const probe = express();
  probe.post("/upload", async (req, res) => {
    const form = await readMultipart(req, 1024, 4096);
    res.json(form && (form.tooLarge ? { tooLarge: true } : { fields: form.fields }));
  });
  [reader, readerBase] = await listen(probe);
});

afterAll(async () => {
  for (const s of [runtime, plain, reader]) await new Promise((resolve) => s.close(resolve));
});

async function post(base: string, path: string, body: RequestInit["body"], type?: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: type ? { "content-type": type } : {},
    body,
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe("content type of state-changing requests", () => {
  it("refuses a cross-site style form post the runtime has already parsed", async () => {
    const form = await post(
      runtimeBase,
      "/api/auth/logout",
      "a=1",
      "application/x-www-form-urlencoded",
    );
    expect(form).toEqual({
      status: 415,
      body: { success: false, message: messages.general.jsonRequired },
    });
    const text = await post(runtimeBase, "/api/auth/logout", "a", "text/plain");
    expect(text.status).toBe(415);
    const multipart = new FormData();
    multipart.append("email", "a@b.co");
    const asForm = await post(runtimeBase, "/api/auth/request-password-reset", multipart);
    expect(asForm.status).toBe(415);
    expect(asForm.body.message).toBe(messages.general.jsonRequired);
  });

  it("takes bodiless posts without a content type, and JSON", async () => {
    expect((await post(runtimeBase, "/api/auth/logout", undefined)).status).toBe(200);
    expect((await post(plainBase, "/api/auth/logout", undefined)).status).toBe(200);
    const json = await post(
      runtimeBase,
      "/api/auth/logout",
      "{}",
      "application/json; charset=utf-8",
    );
    expect(json.status).toBe(200);
  });

  it("takes only multipart on the upload route", async () => {
    const json = await post(runtimeBase, "/api/images/upload", "{}", "application/json");
    expect(json).toEqual({
      status: 415,
      body: { success: false, message: messages.general.multipartRequired },
    });
  });
});

describe("body size", () => {
  const big = JSON.stringify({ about: "x".repeat(JSON_BODY_MAX_BYTES) });

  it("refuses an oversized JSON body the runtime has already parsed", async () => {
    const res = await post(runtimeBase, "/api/auth/logout", big, "application/json");
    expect(res).toEqual({
      status: 413,
      body: { success: false, message: messages.general.bodyTooLarge },
    });
  });

  it("refuses an oversized JSON body on a plain server by its declared length", async () => {
    const res = await post(plainBase, "/api/auth/logout", big, "application/json");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(messages.general.bodyTooLarge);
  });

  it("refuses an upload over 5 MB plus the form's overhead with the docs/product-rules.md#photo-rules size text", async () => {
    const form = new FormData();
    form.append("relatedId", "u1");
    form.append("file", new Blob([new Uint8Array(UPLOAD_BODY_MAX_BYTES)]), "a.png");
    const res = await post(runtimeBase, "/api/images/upload", form);
    expect(res).toEqual({
      status: 413,
      body: { success: false, message: "Dosya boyutu 5MB'dan küçük olmalıdır!" },
    });
  });

  it("stops reading a streamed multipart body without a length once past the limit", async () => {
    const boundary = "sinir";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = sent === 0 ? Buffer.from(head) : Buffer.alloc(1024, 1);
        sent += chunk.length;
        if (sent > 64 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${readerBase}/upload`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await res.json()).toEqual({ tooLarge: true });
  });

  it("reads a small multipart body as before", async () => {
    const form = new FormData();
    form.append("relatedType", "User");
    const res = await fetch(`${readerBase}/upload`, { method: "POST", body: form });
    expect(await res.json()).toEqual({ fields: { relatedType: "User" } });
  });
});
