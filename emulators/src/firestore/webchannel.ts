/**
 * Listen and Write over WebChannel: what the full web SDK (`firebase/firestore`) uses in a
 * browser, on the emulator's HTTP port beside REST. The session registry and the HTTP side live
 * here; the wire format in webchannel-wire.ts, request classification in webchannel-request.ts, a
 * session's queue and back channel in webchannel-session.ts, the RPCs in webchannel-adapters.ts.
 * See docs/firestore-webchannel.md.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Caller, callerFromAuthorizationHeader } from "../shared/auth.js";
import {
  allowedOrigins,
  checkOrigin,
  FOREIGN_ORIGIN_MESSAGE,
  type OriginCheck,
} from "../shared/local-access.js";
import type { FirestoreEngine } from "./engine.js";
import { FirestoreError, invalidArgument } from "./errors.js";
import type { ListenHub } from "./listen.js";
import { channelAdapter, errorPayload } from "./webchannel-adapters.js";
import { type ChannelRequest, channelRpcOf, parseChannelRequest } from "./webchannel-request.js";
import { ChannelSession, type ChannelTimings, DEFAULT_TIMINGS } from "./webchannel-session.js";
import { chunkOfValue, handshakeChunk, parseForwardBody } from "./webchannel-wire.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A Firestore write batch is at most 10 MiB; form encoding may triple it. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface WebChannelOptions {
  /** Origins allowed besides loopback ones (see shared/local-access.ts). */
  corsOrigins?: readonly string[];
  /** Timers and limits; the defaults suit the SDK (tests shorten them). */
  timings?: Partial<ChannelTimings>;
  log?: (message: string) => void;
}

export class FirestoreWebChannel {
  private readonly sessions = new Map<string, ChannelSession>();
  private readonly allows: OriginCheck;
  private readonly timings: ChannelTimings;
  private readonly log: (message: string) => void;
  /** How many back channels were opened in each mode (the docs' and tests' figures). */
  readonly backChannels = { streaming: 0, longPolling: 0 };

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly hub: ListenHub,
    options: WebChannelOptions = {},
  ) {
    this.allows = allowedOrigins(options.corsOrigins);
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.log = options.log ?? console.error;
  }

  /** Open WebChannel sessions (Listen and Write). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Listen streams and their targets held by the shared hub (every transport's). */
  get listenCounts(): { streams: number; targets: number } {
    return { streams: this.hub.sessionCount, targets: this.hub.targetCount };
  }

  /** Serves WebChannel requests and passes everything else (preflights included) to `next`. */
  wrap(next: Handler): Handler {
    return (req, res) => {
      const method = req.method ?? "GET";
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      if ((method !== "GET" && method !== "POST") || !channelRpcOf(pathname)) {
        return next(req, res);
      }
      this.handle(req, res).catch((err: unknown) => this.refuse(res, err));
    };
  }

  /** Ends every session (the server is stopping). */
  close(): void {
    for (const session of [...this.sessions.values()]) session.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (checkOrigin(req, res, this.allows) === "refused") {
      throw new FirestoreError("PERMISSION_DENIED", FOREIGN_ORIGIN_MESSAGE);
    }
    res.setHeader("Access-Control-Expose-Headers", "X-HTTP-Session-Id");
    const request = parseChannelRequest(req.method ?? "GET", new URL(req.url ?? "/", "http://x"));
    if (request.kind === "handshake") return this.handshake(request, await readBody(req), res);

    const found = this.sessions.get(request.sessionId);
    const session = found?.rpc === request.rpc ? found : undefined;
    if (!session) {
      // A terminate for a session already gone has nothing left to do.
      if (request.kind === "terminate") return void res.writeHead(200).end();
      // The client recognises this text and opens a new channel (e.g. after a restart).
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Unknown SID");
      return;
    }
    session.touch();
    switch (request.kind) {
      case "terminate":
        session.close();
        res.writeHead(200).end();
        return;
      case "backchannel":
        session.acknowledge(request.ackedArrayId);
        this.backChannels[request.streaming ? "streaming" : "longPolling"]++;
        session.attach(res, request.streaming, request.holdMs);
        return;
      case "forward": {
        session.acknowledge(request.ackedArrayId);
        const body = parseForwardBody(await readBody(req));
        try {
          session.deliver(body.messages);
        } catch (err) {
          session.end(errorPayload(err, this.log));
        }
        sendChunk(res, chunkOfValue(session.forwardStatus()));
      }
    }
  }

  private handshake(
    request: ChannelRequest & { kind: "handshake" },
    bodyText: string,
    res: ServerResponse,
  ): void {
    const body = parseForwardBody(bodyText);
    const session = new ChannelSession(request.rpc, this.timings, request.database, (s) =>
      this.sessions.delete(s.id),
    );
    this.sessions.set(session.id, session);
    res.setHeader("X-HTTP-Session-Id", session.id);
    sendChunk(res, handshakeChunk(session.id));
    // The ID token travels in the body's header block (encodeInitMessageHeaders), else in
    // $httpHeaders or a real header. The caller is fixed for the session's life, as for a stream.
    const authorization = body.headers.authorization ?? request.urlHeaders.authorization;
    let caller: Caller;
    try {
      caller = callerFromAuthorizationHeader(authorization ?? res.req.headers.authorization);
    } catch (err) {
      session.end(errorPayload(err, this.log));
      return;
    }
    session.adapter = channelAdapter(request.rpc, caller, session, {
      engine: this.engine,
      hub: this.hub,
      log: this.log,
    });
    try {
      session.deliver(body.messages);
    } catch (err) {
      session.end(errorPayload(err, this.log));
    }
  }

  /** A request the channel cannot take: an HTTP error, which the client treats as fatal. */
  private refuse(res: ServerResponse, err: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const error =
      err instanceof FirestoreError
        ? err
        : new FirestoreError("INTERNAL", err instanceof Error ? err.message : String(err));
    if (error.code === "INTERNAL") this.log(`firestore WebChannel: ${error.message}`);
    const text = JSON.stringify({
      error: { code: error.httpStatus, message: error.message, status: error.code },
    });
    res.writeHead(error.httpStatus, { "Content-Type": "application/json; charset=UTF-8" });
    res.end(text);
  }
}

function sendChunk(res: ServerResponse, chunk: string): void {
  res.writeHead(200, {
    "Content-Type": "application/javascript; charset=utf-8",
    "Cache-Control": "no-cache, no-store, max-age=0, must-revalidate",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(chunk);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidArgument("Request payload size exceeds the limit.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
