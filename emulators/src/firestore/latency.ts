/**
 * A simulated network round trip: production Firestore answers in tens of milliseconds, the local
 * emulator in about one, so code that is fast here may not be in production. With a latency, every
 * gRPC call and REST request waits that long before it is handled (a stream once, when it opens).
 */
import type * as grpc from "@grpc/grpc-js";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Parses "40ms", "0.5s" or a bare number of milliseconds. */
export function parseLatency(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(text.trim());
  if (!match) throw new Error(`Invalid latency "${text}": expected e.g. 40ms or 0.1s.`);
  const ms = Number(match[1]) * (match[2] === "s" ? 1000 : 1);
  return Math.round(ms);
}

/** Delays every handler of a gRPC service implementation by `ms`. */
export function delayGrpc(
  handlers: grpc.UntypedServiceImplementation,
  ms: number,
): grpc.UntypedServiceImplementation {
  if (ms <= 0) return handlers;
  return Object.fromEntries(
    Object.entries(handlers).map(([rpc, handler]) => [
      rpc,
      ((call: unknown, callback: unknown) =>
        setTimeout(
          () => (handler as (call: unknown, callback: unknown) => void)(call, callback),
          ms,
        )) as typeof handler,
    ]),
  );
}

/** Delays every REST request by `ms`. */
export function delayHttp(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  ms: number,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (ms <= 0) return handler;
  return (req, res) => setTimeout(() => handler(req, res), ms);
}
