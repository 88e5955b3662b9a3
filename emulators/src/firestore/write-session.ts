/**
 * The Write stream's protocol, independent of the transport (gRPC, WebChannel): the first request
 * names the database and is answered with a stream id and token; every later request's writes are
 * one commit, answered in order with its results and a new token. A failed commit ends the stream.
 */
import { randomUUID } from "node:crypto";
import type { Caller } from "../shared/auth.js";
import type { FirestoreEngine, Write } from "./engine.js";
import { invalidArgument } from "./errors.js";

type Json = Record<string, unknown>;

export interface WriteSink {
  /** Delivers one WriteResponse (REST JSON form with the engine's values). */
  respond(response: Json): void;
  /** Ends the stream with an error; nothing is sent after it. */
  fail(err: unknown): void;
  /** False once the transport is gone: queued requests are then dropped. */
  open(): boolean;
}

export class WriteSession {
  private readonly streamId = randomUUID();
  private database: string | undefined;
  private sequence = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly caller: Caller,
    private readonly sink: WriteSink,
  ) {}

  /** Queues one WriteRequest (JSON); requests are handled strictly in order. */
  request(request: Json): void {
    this.queue = this.queue
      .then(() => (this.sink.open() ? this.handle(request) : undefined))
      .catch((err: unknown) => this.sink.fail(err));
  }

  /** Resolves once every queued request has been handled. */
  idle(): Promise<void> {
    return this.queue;
  }

  private token(): string {
    return Buffer.from(`${this.streamId}:${++this.sequence}`).toString("base64");
  }

  private respond(json: Json): void {
    if (this.sink.open()) this.sink.respond(json);
  }

  private async handle(request: Json): Promise<void> {
    if (this.database === undefined) {
      if (typeof request.database !== "string" || request.database === "") {
        throw invalidArgument("The first WriteRequest must name the database.");
      }
      this.database = request.database;
      if (((request.writes as unknown[] | undefined) ?? []).length > 0) {
        throw invalidArgument("The first WriteRequest must not contain writes.");
      }
      this.respond({ streamId: this.streamId, streamToken: this.token() });
      return;
    }
    const writes = (request.writes as Write[] | undefined) ?? [];
    const result = await this.engine.commit(this.database, { writes }, this.caller);
    this.respond({ streamToken: this.token(), ...result });
  }
}
