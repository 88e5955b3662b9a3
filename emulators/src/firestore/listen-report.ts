/**
 * `GET /emulator/v1/listens`: the open Listen streams of every transport (gRPC and WebChannel)
 * with their caller and target count, so a test can check that a client leaves no listener behind
 * (after a screen unmounts, after sign-out). `?uid=<uid>` keeps the streams of one signed-in user.
 * Read-only, same origin rules as the emulator's other endpoints (a foreign page gets no CORS
 * headers, so it cannot read who is listening).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkOrigin, type OriginCheck } from "../shared/local-access.js";
import type { ListenHub, ListenStreamReport } from "./listen.js";

export const LISTENS_PATH = "/emulator/v1/listens";

export interface ListensAnswer {
  /** Streams listed (after the uid filter) and the targets they hold in all. */
  streams: number;
  targets: number;
  list: ListenStreamReport[];
}

export function listensAnswer(reports: ListenStreamReport[], uid: string | null): ListensAnswer {
  const list = uid === null ? reports : reports.filter((r) => r.uid === uid);
  return {
    streams: list.length,
    targets: list.reduce((sum, r) => sum + r.targets, 0),
    list,
  };
}

/** Answers `GET /emulator/v1/listens` and passes every other request on to `next`. */
export function withListensEndpoint(
  hub: ListenHub,
  allows: OriginCheck,
  next: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== LISTENS_PATH || req.method !== "GET") return next(req, res);
    checkOrigin(req, res, allows);
    const answer = listensAnswer(hub.streams(), url.searchParams.get("uid"));
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify(answer));
  };
}
