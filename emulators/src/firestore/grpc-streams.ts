/**
 * The bidirectional streams of google.firestore.v1.Firestore: Listen (real-time listeners, over
 * the transport-independent ListenHub) and Write (the full web SDK's mutation stream, over the
 * transport-independent WriteSession).
 */
import type * as grpc from "@grpc/grpc-js";
import type { Caller } from "../shared/auth.js";
import type { FirestoreEngine } from "./engine.js";
import type { ListenHub, ListenRequest } from "./listen.js";
import type { ListenResponseEncoder } from "./listen-wire.js";
import { WriteSession } from "./write-session.js";
import { releaseAfterWrite } from "../shared/memory-relief.js";

type Json = Record<string, unknown>;
type Stream = grpc.ServerDuplexStream<unknown, unknown>;

export interface StreamContext {
  /** Request in gRPC object form → JSON (INVALID_ARGUMENT when it cannot be expressed). */
  requestJson(type: string, request: unknown): Json;
  /** Response JSON → gRPC object form. */
  responseProto(type: string, json: unknown): unknown;
  /** ListenResponse JSON → the bytes the Listen stream writes. */
  listenResponse: ListenResponseEncoder;
  callerOf(call: Stream): Caller;
  statusOf(err: unknown): Partial<grpc.StatusObject>;
}

/** Ends the stream with an error status once; later writes are dropped. */
function streamEnder(call: Stream, statusOf: StreamContext["statusOf"]) {
  let ended = false;
  return {
    get ended() {
      return ended || call.cancelled || call.destroyed;
    },
    fail(err: unknown) {
      if (ended) return;
      ended = true;
      call.emit("error", statusOf(err));
    },
    finish() {
      if (ended) return;
      ended = true;
      call.end();
    },
  };
}

export function listenHandler(hub: ListenHub, ctx: StreamContext) {
  return (call: Stream): void => {
    const end = streamEnder(call, ctx.statusOf);
    let caller: Caller;
    try {
      caller = ctx.callerOf(call);
    } catch (err) {
      end.fail(err);
      return;
    }
    const session = hub.open(caller, {
      send: (response) => {
        if (end.ended) return true;
        const bytes = ctx.listenResponse.encode(response);
        // The encoded response and grpc-js's framed copy of it are garbage once written.
        releaseAfterWrite(2 * bytes.length);
        return call.write(bytes);
      },
      drained: () =>
        new Promise<void>((resolve) => {
          if (end.ended) return resolve();
          const done = () => {
            call.off("drain", done);
            call.off("close", done);
            resolve();
          };
          call.on("drain", done);
          call.on("close", done);
        }),
    });
    session.failed = (err) => {
      session.close();
      end.fail(err);
    };
    call.on("data", (request: unknown) => {
      try {
        session.request(ctx.requestJson("ListenRequest", request) as ListenRequest);
      } catch (err) {
        session.failed?.(err);
      }
    });
    call.on("end", () => {
      session.close();
      end.finish();
    });
    call.on("cancelled", () => session.close());
    call.on("close", () => session.close());
    call.on("error", () => session.close());
  };
}

export function writeHandler(engine: FirestoreEngine, ctx: StreamContext) {
  return (call: Stream): void => {
    const end = streamEnder(call, ctx.statusOf);
    let caller: Caller;
    try {
      caller = ctx.callerOf(call);
    } catch (err) {
      end.fail(err);
      return;
    }
    const session = new WriteSession(engine, caller, {
      respond: (json) => call.write(ctx.responseProto("WriteResponse", json)),
      fail: (err) => end.fail(err),
      open: () => !end.ended,
    });
    call.on("data", (request: unknown) => {
      let json: Json;
      try {
        json = ctx.requestJson("WriteRequest", request);
      } catch (err) {
        end.fail(err);
        return;
      }
      session.request(json);
    });
    call.on("end", () => {
      void session.idle().then(() => end.finish());
    });
  };
}
