/**
 * Retries without duplicates: addPosition whose first answer is held back past the client's
 * timeout, then retried with the same Idempotency-Key, creates one position.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db as getFirestore } from "../src/firebase.js";
import { apiApp, emulatorIdToken } from "./app-harness.js";

const app = apiApp();
const MANAGER = "manager-1";
const token = emulatorIdToken(MANAGER);

/**
 * A hop between client and API that holds back the answer of the first request it forwards
 * (a slow network or a slow instance): the API has done the work, the client never hears it.
 */
let proxy: Server;
let proxyBase: string;
let holdNext = false;
beforeAll(async () => {
  proxy = createServer((req, res) => {
    const hold = holdNext;
    holdNext = false;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: app().port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        setTimeout(
          () => {
            if (res.destroyed) return answer.resume();
            res.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(res);
          },
          hold ? 1_500 : 0,
        );
      },
    );
    req.pipe(upstream);
  });
  proxy.listen(0, "127.0.0.1");
  await new Promise((resolve) => proxy.once("listening", resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => proxy.close(resolve)));

async function project(): Promise<string> {
  const db = getFirestore();
  const id = `p-${randomUUID().slice(0, 8)}`;
  await db
    .doc(`users/${MANAGER}`)
    .set({ name: "Ayşe Yılmaz", position: { name: "Project Manager" } });
  await db.doc(`projects/${id}`).set({
    title: "Deneme",
    managerId: MANAGER,
    allPositionCount: 0,
    openPositionCount: 0,
    team: [],
    memberIds: [],
  });
  return id;
}

const positionsOf = async (projectId: string) =>
  (await getFirestore().collection(`projects/${projectId}/positions`).get()).size;

function addPosition(projectId: string, key: string | null, opts: { timeoutMs?: number } = {}) {
  return fetch(`${proxyBase}/api/positions/addPosition`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: JSON.stringify({
      projectId,
      positions: [{ positionName: "Backend Developer", positionType: "Jr", expectations: [] }],
    }),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
}

/** The client's move: the first attempt times out, the retry goes out at once. */
async function timedOutThenRetried(projectId: string, key: string | null) {
  holdNext = true;
  await expect(addPosition(projectId, key, { timeoutMs: 500 })).rejects.toThrow();
  return addPosition(projectId, key);
}

describe("Idempotency-Key", () => {
  it("without a key the retry of a timed-out addPosition adds the position twice", async () => {
    const id = await project();
    expect((await timedOutThenRetried(id, null)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await positionsOf(id)).toBe(2);
  });

  it("with a key the retry gets the first call's answer and one position exists", async () => {
    const id = await project();
    const key = randomUUID();
    const retry = await timedOutThenRetried(id, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const body = (await retry.json()) as { data: { positions: { _id: string }[] } | unknown };
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await positionsOf(id)).toBe(1);
    const again = await addPosition(id, key);
    expect(await again.json()).toEqual(body);
    expect(await positionsOf(id)).toBe(1);
  });

  it("duplicates sent at the same time run once", async () => {
    const id = await project();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => addPosition(id, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await positionsOf(id)).toBe(1);
  });

  it("the same key with another body is refused with 422 and changes nothing", async () => {
    const id = await project();
    const key = randomUUID();
    expect((await addPosition(id, key)).status).toBe(201);
    const other = await project();
    const reused = await addPosition(other, key);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      success: false,
      message: "Bu Idempotency-Key başka bir istek için kullanılmış.",
    });
    expect(await positionsOf(other)).toBe(0);
  });

  it("a malformed key is a Turkish 400 before anything runs", async () => {
    const id = await project();
    const bad = await addPosition(id, "short");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
    expect(await positionsOf(id)).toBe(0);
  });
});
