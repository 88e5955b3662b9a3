/**
 * The Listen and Write RPCs over a WebChannel session, on the same transport-independent cores as
 * gRPC (ListenHub/ListenSession, WriteSession). Messages are the REST JSON form (the SDK's
 * proto3 JSON), converted with the REST codec; every server message is the array payload
 * `[response]`, and a failure is `[{error: {code, message, status}}]`, after which the client
 * closes the channel.
 */
import { InvalidTokenError } from "../shared/auth.js";
import type { Caller } from "../shared/auth.js";
import type { FirestoreEngine } from "./engine.js";
import { FirestoreError } from "./errors.js";
import type { ListenHub, ListenRequest } from "./listen.js";
import { decodeBody } from "./rest.js";
import { encodeResponse } from "./value-codec.js";
import type { ChannelAdapter, Outbox } from "./webchannel-session.js";
import type { ChannelRpc } from "./webchannel-request.js";
import { WriteSession } from "./write-session.js";

type Json = Record<string, unknown>;
type Log = (message: string) => void;

/** The error message the SDK maps back to a Firestore error code. */
export function errorPayload(err: unknown, log: Log): unknown[] {
  let error: FirestoreError;
  if (err instanceof FirestoreError) error = err;
  else if (err instanceof InvalidTokenError)
    error = new FirestoreError("UNAUTHENTICATED", err.message);
  else {
    log(
      `firestore WebChannel: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    error = new FirestoreError("INTERNAL", err instanceof Error ? err.message : String(err));
  }
  return [{ error: { code: error.httpStatus, message: error.message, status: error.code } }];
}

function listenAdapter(hub: ListenHub, caller: Caller, outbox: Outbox, log: Log): ChannelAdapter {
  const session = hub.open(caller, {
    send: (response) => outbox.send([encodeResponse(response)]),
    drained: () => outbox.drained(),
  });
  session.failed = (err) => {
    session.close();
    outbox.end(errorPayload(err, log));
  };
  return {
    receive(message) {
      try {
        session.request(decodeBody(message) as ListenRequest);
      } catch (err) {
        session.failed?.(err);
      }
    },
    close: () => session.close(),
  };
}

function writeAdapter(
  engine: FirestoreEngine,
  caller: Caller,
  outbox: Outbox,
  log: Log,
): ChannelAdapter {
  let open = true;
  const fail = (err: unknown) => {
    if (!open) return;
    open = false;
    outbox.end(errorPayload(err, log));
  };
  const session = new WriteSession(engine, caller, {
    respond: (json) => outbox.send([encodeResponse(json)]),
    fail,
    open: () => open,
  });
  return {
    receive(message) {
      let json: Json;
      try {
        json = decodeBody(message) as Json;
      } catch (err) {
        fail(err);
        return;
      }
      session.request(json);
    },
    close: () => {
      open = false;
    },
  };
}

export interface AdapterContext {
  engine: FirestoreEngine;
  hub: ListenHub;
  log: Log;
}

export function channelAdapter(
  rpc: ChannelRpc,
  caller: Caller,
  outbox: Outbox,
  ctx: AdapterContext,
): ChannelAdapter {
  return rpc === "Listen"
    ? listenAdapter(ctx.hub, caller, outbox, ctx.log)
    : writeAdapter(ctx.engine, caller, outbox, ctx.log);
}
