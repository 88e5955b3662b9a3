/**
 * The Firestore emulator process: one TCP port that serves gRPC (what the server SDKs speak) and
 * REST over HTTP/1.1 (what the web SDKs' lite build and curl speak), like the official emulator.
 * Each connection's first bytes decide: the HTTP/2 client preface goes to the gRPC server, anything
 * else to the REST server. Both share one engine.
 */
import { createServer as createHttpServer } from "node:http";
import type { Server as HttpServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import type { AddressInfo, Server as NetServer, Socket } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { FirestoreEngine } from "./engine.js";
import { firestoreGrpcHandlers, firestoreServiceDefinition } from "./grpc.js";
import { delayGrpc, delayHttp } from "./latency.js";
import { createFirestoreRestHandler } from "./rest.js";
import { openDurableStore } from "./durable-store.js";
import { ListenHub } from "./listen.js";
import { withListensEndpoint } from "./listen-report.js";
import { FirestoreWebChannel } from "./webchannel.js";
import { allowedOrigins } from "../shared/local-access.js";
import { startLifecycle } from "../shared/lifecycle.js";
import { RulesDecisionLog, withRulesDecisionsEndpoint } from "../shared/rules-decisions.js";

export interface FirestoreEmulatorOptions {
  host?: string;
  /** 0 picks a free port; the chosen one is reported back. */
  port: number;
  /** firestore.rules, reloaded when it changes. Without it only the admin SDK gets through. */
  rulesFile?: string;
  /** A directory written by a previous export, loaded before the port opens. */
  importDir?: string;
  /** Where close() (and exportNow()) write the data. */
  exportDir?: string;
  /**
   * Journal every commit under exportDir before acknowledging it, so that a killed process loses
   * no acknowledged write (default: on whenever exportDir is set). See durable-store.ts.
   */
  journal?: boolean;
  quiet?: boolean;
  /** Browser origins allowed besides loopback ones. */
  corsOrigins?: readonly string[];
  /** Allows a non-loopback `host`; off by default since the emulator has no real authentication. */
  allowRemote?: boolean;
  /** Milliseconds every gRPC call and REST request waits before it is handled (see latency.ts). */
  latencyMs?: number;
}

export interface RunningFirestoreEmulator {
  port: number;
  host: string;
  engine: FirestoreEngine;
  /** Listen/Write over WebChannel (the web SDK in a browser); its session counts. */
  webChannel: FirestoreWebChannel;
  /** Writes the data to exportDir now (no-op without exportDir). */
  exportNow(): Promise<void>;
  /** Exports to exportDir (if given), then stops listening and drops every connection. */
  close(): Promise<void>;
  /** Cuts every open connection (clients reconnect), as a network failure would. */
  dropConnections(): void;
}

/** The HTTP/2 connection preface every gRPC client opens with. */
const HTTP2_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

/** gRPC limits a message to 4 MiB by default; Firestore accepts 10 MiB commits and 1 MiB documents. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export async function startFirestoreEmulator(
  opts: FirestoreEmulatorOptions,
): Promise<RunningFirestoreEmulator> {
  const info = (message: string) => {
    if (!opts.quiet) console.log(`firestore: ${message}`);
  };
  const engine = new FirestoreEngine({});
  const decisions = new RulesDecisionLog();
  engine.onRulesDecision((decision) => decisions.add({ ...decision, service: "firestore" }));
  const latencyMs = opts.latencyMs ?? 0;
  // One hub: a browser's WebChannel listener and a server's gRPC one see the same commits.
  const hub = new ListenHub(engine);
  const webChannel = new FirestoreWebChannel(engine, hub, { corsOrigins: opts.corsOrigins });
  const sockets = new Set<Socket>();

  const lifecycle = await startLifecycle(opts, {
    info,
    // A broken rules edit is reported even when quiet: the developer is waiting for it.
    warn: (message) => console.error(`firestore: ${message}`),
    rules: { service: "cloud.firestore", apply: (rules) => engine.setRules(rules) },
    data: engine,
    openJournal: (exportDir, importDir) =>
      openDurableStore(engine, exportDir, importDir, (message) => info(message)),
    serve: async (host) => {
      const allows = allowedOrigins(opts.corsOrigins);
      const httpServer = createHttpServer(
        withRulesDecisionsEndpoint(
          decisions,
          allows,
          withListensEndpoint(
            hub,
            allows,
            delayHttp(
              webChannel.wrap(
                createFirestoreRestHandler(engine, { corsOrigins: opts.corsOrigins }),
              ),
              latencyMs,
            ),
          ),
        ),
      );
      httpServer.once("close", () => webChannel.close());
      // Longer than the clients' keep-alive pools, so a reused socket is never dropped under them.
      httpServer.keepAliveTimeout = 65_000;
      httpServer.headersTimeout = 66_000;
      const grpcServer = new grpc.Server({
        "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
        "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
      });
      grpcServer.addService(
        firestoreServiceDefinition(),
        delayGrpc(
          firestoreGrpcHandlers(engine, (message) => console.error(message), hub),
          latencyMs,
        ),
      );
      const grpcConnections = grpcServer.createConnectionInjector(
        grpc.ServerCredentials.createInsecure(),
      );
      const front = createNetServer((socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        routeByPreface(socket, {
          grpc: (s) => grpcConnections.injectConnection(s),
          http: (s) => httpServer.emit("connection", s),
        });
      });
      const stop = () => stopAll(front, sockets, httpServer, grpcServer, grpcConnections);
      try {
        const port = await listen(front, host, opts.port);
        info(`emulator listening on ${host}:${port} (gRPC and REST)`);
        if (latencyMs > 0) info(`every request waits ${latencyMs} ms`);
        return { port, stop };
      } catch (err) {
        await stop();
        throw err;
      }
    },
  });

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  const { port, host, exportNow, close } = lifecycle;
  return { port, host, engine, webChannel, exportNow, close, dropConnections };
}

/**
 * Reads until the connection's first bytes either match the HTTP/2 preface or diverge from it,
 * then puts the bytes back and hands the socket over.
 */
function routeByPreface(
  socket: Socket,
  to: { grpc: (socket: Socket) => void; http: (socket: Socket) => void },
): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const compared = Math.min(head.length, HTTP2_PREFACE.length);
    const looksLikeHttp2 = head.subarray(0, compared).equals(HTTP2_PREFACE.subarray(0, compared));
    if (looksLikeHttp2 && compared < HTTP2_PREFACE.length) return;
    socket.off("data", onData);
    socket.pause();
    socket.unshift(head);
    if (looksLikeHttp2) {
      // The HTTP/2 session takes over the socket's handle and drains the buffered bytes itself;
      // resuming here would flow them out to nobody.
      to.grpc(socket);
    } else {
      to.http(socket);
      socket.resume();
    }
  };
  socket.on("data", onData);
  socket.on("error", () => socket.destroy());
}

function listen(server: NetServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function stopAll(
  front: NetServer,
  sockets: Set<Socket>,
  httpServer: HttpServer,
  grpcServer: grpc.Server,
  grpcConnections: grpc.ConnectionInjector,
): Promise<void> {
  const frontClosed = new Promise<void>((resolve) => front.close(() => resolve()));
  grpcConnections.destroy();
  grpcServer.forceShutdown();
  httpServer.closeAllConnections();
  httpServer.close();
  for (const socket of sockets) socket.destroy();
  await frontClosed;
}
