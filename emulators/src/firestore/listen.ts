/**
 * Real-time listeners (the Listen RPC), independent of the transport: a session receives
 * ListenRequest JSON and emits ListenResponse JSON (REST v1 form, canonical values), so gRPC and
 * WebChannel share it. Targets are evaluated through the engine's own query and
 * batch-get paths (rules included) at one read time per commit batch, and the difference from
 * what the client holds is sent as document changes followed by a consistent global snapshot.
 */
import type { Caller } from "../shared/auth.js";
import type { FirestoreDocument } from "../shared/value.js";
import type { CommitEvent, FirestoreEngine, RunQueryRequest } from "./engine.js";
import { FirestoreError, invalidArgument } from "./errors.js";
import { type ListenTarget, targetScope } from "./listen-target.js";
import { type ResultSet, diffResults, diffTouched, resultSetOf } from "./listen-diff.js";
import { timestampMicros } from "./snapshots.js";
import { decodeResumeToken, encodeResumeToken } from "./listen-token.js";

export type ListenResponse = Record<string, unknown>;

/** Where a session's responses go (a transport's stream). */
export interface ListenSink {
  /** Queues one response; false when the transport's buffer is full. */
  send(response: ListenResponse): boolean;
  /** Resolves when a full buffer has drained (or the stream is gone). */
  drained(): Promise<void>;
}

export interface ListenRequest {
  database?: string;
  addTarget?: ListenTarget;
  removeTarget?: number;
  labels?: Record<string, string>;
}

/** Changes of one or more commits, evaluated together at `readTime`. */
interface ChangeBatch {
  database: string;
  readTime: string;
  /** document name → true when the latest change deleted it. */
  changed: Map<string, boolean>;
  names: string[];
  /** Evaluations shared by every target with the same definition and caller. */
  memo: Map<string, Promise<FirestoreDocument[]>>;
}

/** A query whose result is every matching document (no limit, no offset window). */
function windowless(target: ListenTarget): boolean {
  const q = target.query?.structuredQuery;
  if (!q) return false;
  const limit = typeof q.limit === "object" ? q.limit?.value : q.limit;
  return limit === undefined && !q.offset;
}

const laterOf = (a: string, b: string) =>
  b === "" || timestampMicros(a) >= timestampMicros(b) ? a : b;

const callerKey = (caller: Caller) =>
  caller.kind === "admin" ? "admin" : JSON.stringify(caller.auth);

/** One open Listen stream as `GET /emulator/v1/listens` reports it (listen-report.ts). */
export interface ListenStreamReport {
  /** Set by the stream's first request; null before it. */
  database: string | null;
  /** "admin" (service account / owner), "visitor" (no token) or "user". */
  caller: "admin" | "visitor" | "user";
  /** The signed-in user's uid for "user" callers, else null. */
  uid: string | null;
  targets: number;
}

/** Status of a failed target as the service reports it (google.rpc.Status). */
function causeOf(err: unknown): { code: number; message: string } {
  if (err instanceof FirestoreError) return { code: err.grpcCode, message: err.message };
  return { code: 13, message: err instanceof Error ? err.message : String(err) };
}

/** Routes commits to the open sessions; one per engine, shared by every transport. */
export class ListenHub {
  private readonly sessions = new Set<ListenSession>();
  private readonly pending = new Map<string, Map<string, boolean>>();
  private scheduled = false;
  private unsubscribe: (() => void) | undefined;

  constructor(readonly engine: FirestoreEngine) {}

  /** Opens a session; `sink` receives each ListenResponse in order. */
  open(caller: Caller, sink: ListenSink): ListenSession {
    const session = new ListenSession(this, caller, sink);
    this.sessions.add(session);
    this.unsubscribe ??= this.engine.onCommit((event) => this.collect(event));
    return session;
  }

  /** @internal */
  closed(session: ListenSession): void {
    this.sessions.delete(session);
    if (this.sessions.size === 0) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.pending.clear();
    }
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Targets held by all open sessions (leak checks in the tests). */
  get targetCount(): number {
    let count = 0;
    for (const session of this.sessions) count += session.targetCount;
    return count;
  }

  /** Every open stream: who opened it, on which database, and how many targets it holds. */
  streams(): ListenStreamReport[] {
    return [...this.sessions].map((session) => session.report());
  }

  private collect(event: CommitEvent): void {
    const key = `projects/${event.project}/databases/${event.database}`;
    let changed = this.pending.get(key);
    if (!changed) this.pending.set(key, (changed = new Map()));
    for (const c of event.changes) changed.set(c.name, c.after === null);
    if (this.scheduled) return;
    this.scheduled = true;
    // Commits arriving together (a bulk load) are evaluated once.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const readTime = this.engine.currentReadTime();
    for (const [database, changed] of this.pending) {
      const names = [...changed.keys()];
      const batch: ChangeBatch = { database, readTime, changed, names, memo: new Map() };
      for (const session of this.sessions) session.enqueue(batch);
    }
    this.pending.clear();
  }
}

interface TargetState {
  target: ListenTarget;
  scope: (name: string) => boolean;
  held: ResultSet;
}

/** One client stream: its targets and what each one has been sent. */
export class ListenSession {
  private database: string | undefined;
  private readonly targets = new Map<number, TargetState>();
  private queue: Promise<void> = Promise.resolve();
  private open = true;
  /** Read time of the latest snapshot sent; later snapshots never go back before it. */
  private lastReadTime = "";

  constructor(
    private readonly hub: ListenHub,
    private readonly caller: Caller,
    private readonly sink: ListenSink,
  ) {}

  /** Handles one ListenRequest; requests are processed in order. */
  request(request: ListenRequest): void {
    this.run(async () => {
      if (request.database) {
        if (this.database && this.database !== request.database) {
          throw invalidArgument("A Listen stream serves one database.");
        }
        this.database = request.database;
      }
      if (!this.database) throw invalidArgument("ListenRequest.database is required.");
      if (request.addTarget) await this.add(request.addTarget);
      if (request.removeTarget !== undefined) this.remove(request.removeTarget);
    });
  }

  get targetCount(): number {
    return this.targets.size;
  }

  report(): ListenStreamReport {
    const auth = this.caller.kind === "user" ? this.caller.auth : null;
    return {
      database: this.database ?? null,
      caller: this.caller.kind === "admin" ? "admin" : auth ? "user" : "visitor",
      uid: auth?.uid ?? null,
      targets: this.targets.size,
    };
  }

  close(): void {
    this.open = false;
    this.targets.clear();
    this.hub.closed(this);
  }

  /** @internal */
  enqueue(batch: ChangeBatch): void {
    if (batch.database !== this.database || this.targets.size === 0) return;
    this.run(() => this.apply(batch));
  }

  private run(step: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.open) await step();
    });
    this.queue = this.queue.catch((err: unknown) => {
      // A malformed request ends the stream, as the service does.
      this.failed?.(err);
    });
  }

  /** Set by the transport: called when the stream must end with an error. */
  failed: ((err: unknown) => void) | undefined;

  private emit(response: ListenResponse): void {
    if (this.open) this.sink.send(response);
  }

  /**
   * Sends a long run of responses at the pace the client reads them, so that a large change does
   * not sit in memory as thousands of encoded messages at once.
   */
  private async emitPaced(response: ListenResponse): Promise<void> {
    if (this.open && !this.sink.send(response)) await this.sink.drained();
  }

  private async add(target: ListenTarget): Promise<void> {
    const id = target.targetId;
    if (typeof id !== "number" || id === 0 || this.targets.has(id)) {
      throw invalidArgument(`Invalid or duplicate target id ${String(id)}.`);
    }
    const readTime = this.hub.engine.currentReadTime();
    this.lastReadTime = readTime;
    let scope: (name: string) => boolean;
    let documents: FirestoreDocument[];
    try {
      scope = targetScope(target, this.database!);
      documents = await this.evaluate(target, readTime);
    } catch (err) {
      this.emit({
        targetChange: { targetChangeType: "REMOVE", targetIds: [id], cause: causeOf(err) },
      });
      return;
    }
    const resumed = await this.resumedFrom(target);
    const held: ResultSet = resumed ?? new Map();
    this.emit({ targetChange: { targetChangeType: "ADD", targetIds: [id] } });
    if (resumed === undefined && (target.resumeToken || target.readTime)) {
      this.emit({ targetChange: { targetChangeType: "RESET", targetIds: [id] } });
    }
    const state: TargetState = { target, scope, held };
    const initial = diffResults(held, documents);
    state.held = initial.next;
    await this.sendChanges(id, initial, readTime, new Map());
    if (resumed !== undefined) {
      // Lets the SDKs verify that the resumed result has the right size.
      this.emit({ filter: { targetId: id, count: state.held.size } });
    }
    const resumeToken = encodeResumeToken(readTime);
    this.emit({ targetChange: { targetChangeType: "CURRENT", targetIds: [id], resumeToken } });
    if (target.once) {
      this.emit({ targetChange: { targetChangeType: "REMOVE", targetIds: [id] } });
    } else {
      this.targets.set(id, state);
    }
    this.emit({
      targetChange: { targetChangeType: "NO_CHANGE", targetIds: [], readTime, resumeToken },
    });
  }

  /** The client's result at its resume point, or undefined when it must start over. */
  private async resumedFrom(target: ListenTarget): Promise<ResultSet | undefined> {
    const since = target.resumeToken ? decodeResumeToken(target.resumeToken) : target.readTime;
    if (!since) return undefined;
    try {
      return resultSetOf(await this.evaluate(target, since));
    } catch {
      return undefined; // too old, or no longer readable: a full reset
    }
  }

  private remove(id: number): void {
    this.targets.delete(id);
    this.emit({ targetChange: { targetChangeType: "REMOVE", targetIds: [id] } });
  }

  private async apply(batch: ChangeBatch): Promise<void> {
    // A target added after the batch was formed has already seen its commits.
    const readTime = laterOf(batch.readTime, this.lastReadTime);
    this.lastReadTime = readTime;
    let sent = false;
    for (const [id, state] of [...this.targets]) {
      const touched = batch.names.filter(state.scope);
      if (touched.length === 0) continue;
      let diff: { upserts: FirestoreDocument[]; removed: string[] };
      try {
        if (windowless(state.target)) {
          const matches = await this.evaluateTouched(state.target, touched, readTime, batch.memo);
          if (!this.targets.has(id)) continue; // removed meanwhile
          diff = diffTouched(state.held, touched, matches);
        } else {
          const documents = await this.evaluate(state.target, readTime, batch.memo);
          if (!this.targets.has(id)) continue;
          const full = diffResults(state.held, documents);
          state.held = full.next;
          diff = full;
        }
      } catch (err) {
        // Rules that now deny (or any failure) end this target only.
        this.targets.delete(id);
        this.emit({
          targetChange: { targetChangeType: "REMOVE", targetIds: [id], cause: causeOf(err) },
        });
        continue;
      }
      sent = (await this.sendChanges(id, diff, readTime, batch.changed)) || sent;
    }
    if (sent) {
      this.emit({
        targetChange: {
          targetChangeType: "NO_CHANGE",
          targetIds: [],
          readTime,
          resumeToken: encodeResumeToken(readTime),
        },
      });
    }
  }

  /** Sends document changes and removals for a target; true when anything was sent. */
  private async sendChanges(
    id: number,
    diff: { upserts: FirestoreDocument[]; removed: string[] },
    readTime: string,
    changed: Map<string, boolean>,
  ): Promise<boolean> {
    for (const document of diff.upserts) {
      await this.emitPaced({ documentChange: { document, targetIds: [id] } });
    }
    for (const name of diff.removed) {
      const kind = changed.get(name) ? "documentDelete" : "documentRemove";
      await this.emitPaced({ [kind]: { document: name, removedTargetIds: [id], readTime } });
    }
    return diff.upserts.length > 0 || diff.removed.length > 0;
  }

  /** A windowless query's matches among the touched documents, shared like `evaluate`. */
  private evaluateTouched(
    target: ListenTarget,
    touched: string[],
    readTime: string,
    memo: Map<string, Promise<FirestoreDocument[]>>,
  ): Promise<FirestoreDocument[]> {
    const key = `touched|${readTime}|${callerKey(this.caller)}|${JSON.stringify(target.query)}`;
    let result = memo.get(key);
    if (!result) {
      const { parent, structuredQuery } = target.query!;
      result = this.hub.engine.queryMatches(
        parent ?? "",
        structuredQuery,
        touched,
        readTime,
        this.caller,
      );
      memo.set(key, result);
    }
    return result;
  }

  private evaluate(
    target: ListenTarget,
    readTime: string,
    memo?: Map<string, Promise<FirestoreDocument[]>>,
  ): Promise<FirestoreDocument[]> {
    const key = `${readTime}|${callerKey(this.caller)}|${JSON.stringify(target.query ?? target.documents)}`;
    const cached = memo?.get(key);
    if (cached) return cached;
    const result = this.evaluateNow(target, readTime);
    memo?.set(key, result);
    return result;
  }

  private async evaluateNow(target: ListenTarget, readTime: string): Promise<FirestoreDocument[]> {
    const engine = this.hub.engine;
    if (target.query) {
      const { parent, structuredQuery } = target.query;
      const responses = await engine.runQuery(
        parent ?? "",
        { structuredQuery, readTime } as RunQueryRequest,
        this.caller,
      );
      return responses.flatMap((r) => (r.document ? [r.document] : []));
    }
    const names = target.documents?.documents ?? [];
    if (names.length === 0) return [];
    const responses = await engine.batchGetDocuments(
      this.database!,
      { documents: names, readTime },
      this.caller,
    );
    return responses.flatMap((r) => (r.found ? [r.found] : []));
  }
}
