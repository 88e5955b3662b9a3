/**
 * One WebChannel session: the arrays queued for the client (kept until the client acknowledges
 * them with `AID`, so a back channel that breaks is replayed on the next one), the back channel
 * currently attached (streaming or long-polling), the map ids already received (a retried POST
 * is not applied twice) and the timers that end an abandoned session.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type OutgoingArray, chunkOf, outgoingArray } from "./webchannel-wire.js";
import type { ForwardMessage } from "./webchannel-wire.js";
import { invalidArgument } from "./errors.js";

export interface ChannelTimings {
  /** A session with no back channel and no request for this long is closed. */
  idleMs: number;
  /** A streaming back channel gets a noop after this long without data (clients wait 45 s). */
  keepAliveMs: number;
  /** Longest hold of a long poll (the client's `TO` when shorter). */
  maxHoldMs: number;
  /**
   * A streaming response is ended after this many characters: the browser keeps the whole
   * response text, and the client's next back channel acknowledges what it received.
   */
  recycleChars: number;
  /** Unacknowledged characters above which the producer (the Listen core) is paused. */
  highWaterChars: number;
}

export const DEFAULT_TIMINGS: ChannelTimings = {
  idleMs: 60_000,
  keepAliveMs: 30_000,
  maxHoldMs: 30_000,
  recycleChars: 1 << 20,
  highWaterChars: 8 << 20,
};

/** What a session hands messages to: the Listen or Write adapter. */
export interface ChannelAdapter {
  receive(message: Record<string, unknown>): void;
  close(): void;
}

/** What an adapter sends through. */
export interface Outbox {
  /** Queues one payload; false when the client is behind (wait for `drained`). */
  send(payload: unknown): boolean;
  drained(): Promise<void>;
  /** Sends `payload` (an error) as the last array and ends the session once it is delivered. */
  end(payload: unknown): void;
}

const RESPONSE_HEADERS = {
  "Content-Type": "application/javascript; charset=utf-8",
  "Cache-Control": "no-cache, no-store, max-age=0, must-revalidate",
  "X-Content-Type-Options": "nosniff",
};

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  /** Highest array id written to this response. */
  sentUpTo: number;
  chars: number;
  timer?: NodeJS.Timeout;
  /** Time of the last write (keep-alives go out only on a quiet channel). */
  lastWrite: number;
}

export class ChannelSession implements Outbox {
  /** 128 random bits: the SID is the session's only credential after the handshake. */
  readonly id = randomBytes(16).toString("hex");
  adapter: ChannelAdapter | undefined;
  private arrays: OutgoingArray[] = [];
  private nextArrayId = 1; // 0 is the handshake's
  private unackedChars = 0;
  /** Highest array id written to any back channel: nothing later can have been received. */
  private writtenUpTo = 0;
  private lastMapId = -1;
  private back: BackChannel | undefined;
  private backSeenAt = Date.now();
  private idleTimer: NodeJS.Timeout | undefined;
  private flushScheduled = false;
  private waiters: (() => void)[] = [];
  private ending = false;
  private closed = false;

  constructor(
    /** The RPC the channel was opened for; its SID is not valid on the other endpoint. */
    readonly rpc: string,
    private readonly timings: ChannelTimings,
    /** The `database` URL parameter: every message naming a database must name this one. */
    readonly database: string | undefined,
    private readonly onClosed: (session: ChannelSession) => void,
  ) {
    this.startIdleTimer();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  // ---- Outbox (used by the adapters)

  send(payload: unknown): boolean {
    if (this.closed || this.ending) return true;
    this.queue(payload);
    return this.unackedChars < this.timings.highWaterChars;
  }

  drained(): Promise<void> {
    if (this.closed || this.unackedChars < this.timings.highWaterChars) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  end(payload: unknown): void {
    if (this.closed || this.ending) return;
    this.queue(payload);
    this.ending = true;
    this.adapter?.close();
  }

  // ---- Requests

  /** Any request from the client: the session is in use. */
  touch(): void {
    if (!this.back) this.startIdleTimer();
  }

  /** The client has received every array up to `arrayId`. */
  acknowledge(arrayId: number): void {
    const upTo = Math.min(arrayId, this.writtenUpTo);
    let dropped = 0;
    while (dropped < this.arrays.length && this.arrays[dropped]!.id <= upTo) {
      this.unackedChars -= this.arrays[dropped]!.text.length;
      dropped++;
    }
    if (dropped > 0) this.arrays.splice(0, dropped);
    if (this.unackedChars < this.timings.highWaterChars) this.releaseWaiters();
  }

  /** Hands new messages to the adapter in order; a retried request's known ones are skipped. */
  deliver(messages: ForwardMessage[]): void {
    for (const { mapId, data } of messages) {
      if (this.closed || this.ending) return;
      if (mapId <= this.lastMapId) continue;
      this.lastMapId = mapId;
      if (
        this.database !== undefined &&
        typeof data.database === "string" &&
        data.database !== this.database
      ) {
        throw invalidArgument(
          `Message names database ${data.database}, the channel was opened for ${this.database}.`,
        );
      }
      this.adapter?.receive(data);
    }
  }

  /**
   * The forward channel's answer: whether a back channel is there (0 makes the client open a new
   * one), the last array id sent, and how much the client has not acknowledged yet.
   */
  forwardStatus(): [number, number, number] {
    // A long-polling client re-polls at once; a back channel gone for a moment is not missing.
    const present = this.back !== undefined || Date.now() - this.backSeenAt < 5_000;
    return [present ? 1 : 0, this.nextArrayId - 1, this.unackedChars];
  }

  /** Attaches a back channel: arrays after the acknowledged ones go out now, later ones as queued. */
  attach(res: ServerResponse, streaming: boolean, holdMs: number | undefined): void {
    this.detach();
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    res.writeHead(200, RESPONSE_HEADERS);
    const back: BackChannel = {
      res,
      streaming,
      sentUpTo: this.arrays.length > 0 ? this.arrays[0]!.id - 1 : this.nextArrayId - 1,
      chars: 0,
      lastWrite: Date.now(),
    };
    this.back = back;
    this.backSeenAt = Date.now();
    res.once("close", () => {
      if (this.back !== back) return;
      this.detach();
    });
    if (streaming) {
      // The client measures the first bytes' delay to tell a buffering proxy from a streaming
      // path (the SDK's default auto-detection): answer at once, even with nothing to say.
      if (!this.hasUnsent(back)) this.queue(["noop"]);
      back.timer = setInterval(() => {
        if (Date.now() - back.lastWrite >= this.timings.keepAliveMs) this.queue(["noop"]);
      }, this.timings.keepAliveMs);
    } else {
      const hold = Math.min(holdMs || this.timings.maxHoldMs, this.timings.maxHoldMs);
      back.timer = setTimeout(() => this.queue(["noop"]), hold);
    }
    back.timer.unref();
    this.flush();
  }

  /** Closes the session: the adapter's targets are released and the back channel ends. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.adapter?.close();
    this.detach();
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.arrays = [];
    this.unackedChars = 0;
    this.releaseWaiters();
    this.onClosed(this);
  }

  // ---- internals

  private queue(payload: unknown): void {
    const array = outgoingArray(this.nextArrayId++, payload);
    this.arrays.push(array);
    this.unackedChars += array.text.length;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Responses produced together (a target's ADD, documents, CURRENT) go out as one chunk.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private hasUnsent(back: BackChannel): boolean {
    const last = this.arrays[this.arrays.length - 1];
    return last !== undefined && last.id > back.sentUpTo;
  }

  private flush(): void {
    const back = this.back;
    if (!back || !this.hasUnsent(back)) return;
    const pending = this.arrays.filter((a) => a.id > back.sentUpTo);
    const chunk = chunkOf(pending);
    back.sentUpTo = pending[pending.length - 1]!.id;
    this.writtenUpTo = Math.max(this.writtenUpTo, back.sentUpTo);
    back.chars += chunk.length;
    back.lastWrite = Date.now();
    if (back.streaming && back.chars < this.timings.recycleChars && !this.ending) {
      back.res.write(chunk);
      return;
    }
    // A long poll answers once; a long stream is renewed by the client; a failed session's
    // last array has gone out.
    this.detach(chunk);
    if (this.ending) this.close();
  }

  private detach(lastChunk?: string): void {
    const back = this.back;
    if (!back) return;
    this.back = undefined;
    this.backSeenAt = Date.now();
    clearTimeout(back.timer);
    clearInterval(back.timer);
    if (!back.res.writableEnded) back.res.end(lastChunk);
    if (!this.closed) this.startIdleTimer();
  }

  private startIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), this.timings.idleMs);
    this.idleTimer.unref();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
