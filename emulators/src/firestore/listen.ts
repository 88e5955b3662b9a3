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
import { BloomFilter } from "./listen-bloom.js";

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
  readMicros: number;
  /** document name → true when the latest change deleted it. */
  changed: Map<string, boolean>;
  names: string[];
  /** Evaluations shared by every target with the same definition and caller. */
  memo: Map<string, Promise<FirestoreDocument[]>>;
  /** The changed names in a target's scope, shared by every target with the same definition. */
  touched: Map<string, string[]>;
  /**
   * The global snapshot that ends the batch, one object for every stream at the same read time:
   * a transport encodes it once (listen-wire.ts).
   */
  snapshots: Map<string, ListenResponse>;
}

function snapshotOf(batch: ChangeBatch, readTime: string): ListenResponse {
  let response = batch.snapshots.get(readTime);
  if (!response) {
    response = globalSnapshot(readTime);
    batch.snapshots.set(readTime, response);
  }
  return response;
}

/** The global NO_CHANGE with no target ids: the consistent snapshot the SDKs raise. */
function globalSnapshot(readTime: string): ListenResponse {
  return {
    targetChange: {
      targetChangeType: "NO_CHANGE",
      targetIds: [],
      readTime,
      resumeToken: encodeResumeToken(readTime),
    },
  };
}

/** A query whose result is every matching document (no limit, no offset window). */
function windowless(target: ListenTarget): boolean {
  const q = target.query?.structuredQuery;
  if (!q) return false;
  const limit = typeof q.limit === "object" ? q.limit?.value : q.limit;
  return limit === undefined && !q.offset;
}

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
    for (const c of event.changes) changed.set(c.name, c.deleted);
    if (this.scheduled) return;
    this.scheduled = true;
    // Commits arriving together (a bulk load) are evaluated once.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const readTime = this.engine.currentReadTime();
    const readMicros = timestampMicros(readTime);
    for (const [database, changed] of this.pending) {
      const names = [...changed.keys()];
      const batch: ChangeBatch = {
        database,
        readTime,
        readMicros,
        changed,
        names,
        memo: new Map(),
        touched: new Map(),
        snapshots: new Map(),
      };
      for (const session of this.sessions) session.enqueue(batch);
    }
    this.pending.clear();
  }
}

interface TargetState {
  target: ListenTarget;
  scope: (name: string) => boolean;
  /** The target's definition (query or documents), canonical JSON: targets with the same share work. */
  definition: string;
  /** A query without limit or offset: a change is checked on the touched documents alone. */
  windowless: boolean;
  held: ResultSet;
}

/** The batch's changed names in a target's scope, worked out once per definition. */
function touchedBy(batch: ChangeBatch, state: TargetState): string[] {
  let touched = batch.touched.get(state.definition);
  if (!touched) batch.touched.set(state.definition, (touched = batch.names.filter(state.scope)));
  return touched;
}

/** One client stream: its targets and what each one has been sent. */
export class ListenSession {
  private database: string | undefined;
  private readonly targets = new Map<number, TargetState>();
  private queue: Promise<void> = Promise.resolve();
  private open = true;
  /** Read time of the latest snapshot sent; later snapshots never go back before it. */
  private lastReadTime = "";
  private lastReadMicros = -Infinity;
  /** addTarget requests not yet processed: commits meanwhile must reach their targets too. */
  private adding = 0;
  /** Who the targets are evaluated for: part of every shared evaluation's key. */
  private readonly callerKey: string;

  constructor(
    private readonly hub: ListenHub,
    private readonly caller: Caller,
    private readonly sink: ListenSink,
  ) {
    this.callerKey = callerKey(caller);
  }

  /** Handles one ListenRequest; requests are processed in order. */
  request(request: ListenRequest): void {
    if (request.addTarget) this.adding++;
    this.run(async () => {
      if (request.database) {
        if (this.database && this.database !== request.database) {
          throw invalidArgument("A Listen stream serves one database.");
        }
        this.database = request.database;
      }
      if (!this.database) throw invalidArgument("ListenRequest.database is required.");
      try {
        if (request.addTarget) await this.add(request.addTarget);
      } finally {
        if (request.addTarget) this.adding--;
      }
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
    // A target still being added counts: its result was read before these commits.
    if (batch.database !== this.database || this.targets.size + this.adding === 0) return;
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
    this.noteReadTime(readTime, timestampMicros(readTime));
    const definition = JSON.stringify(target.query ?? target.documents);
    let scope: (name: string) => boolean;
    let documents: FirestoreDocument[];
    try {
      scope = targetScope(target, this.database!);
      documents = await this.evaluate(definition, target, readTime);
    } catch (err) {
      this.emit({
        targetChange: { targetChangeType: "REMOVE", targetIds: [id], cause: causeOf(err) },
      });
      return;
    }
    const resumed = await this.resumedFrom(definition, target);
    const held: ResultSet = resumed ?? new Map();
    this.emit({ targetChange: { targetChangeType: "ADD", targetIds: [id] } });
    if (resumed === undefined && (target.resumeToken || target.readTime)) {
      this.emit({ targetChange: { targetChangeType: "RESET", targetIds: [id] } });
    }
    const initial = diffResults(held, documents);
    const state: TargetState = {
      target,
      scope,
      definition,
      windowless: windowless(target),
      held: initial.next,
    };
    if (resumed === undefined) {
      await this.sendChanges(id, initial, readTime, new Map());
    } else if (target.query && (target.expectedCount ?? 0) > 0) {
      // The client asked for the bloom filter (it sent how many documents it holds): it drops
      // what left the result itself. Only the names the filter would wrongly keep are sent.
      const filter = BloomFilter.of([...state.held.keys()]);
      const removed = initial.removed.filter((name) => filter.mightContain(name));
      await this.sendChanges(id, { upserts: initial.upserts, removed }, readTime, new Map());
      this.emit({
        filter: { targetId: id, count: state.held.size, unchangedNames: filter.toJson() },
      });
    } else {
      await this.sendChanges(id, initial, readTime, new Map());
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
    this.emit(globalSnapshot(readTime));
  }

  /** The client's result at its resume point, or undefined when it must start over. */
  private async resumedFrom(
    definition: string,
    target: ListenTarget,
  ): Promise<ResultSet | undefined> {
    const since = target.resumeToken ? decodeResumeToken(target.resumeToken) : target.readTime;
    if (!since) return undefined;
    try {
      return resultSetOf(await this.evaluate(definition, target, since));
    } catch {
      return undefined; // too old, or no longer readable: a full reset
    }
  }

  private remove(id: number): void {
    this.targets.delete(id);
    this.emit({ targetChange: { targetChangeType: "REMOVE", targetIds: [id] } });
  }

  private noteReadTime(readTime: string, micros: number): void {
    this.lastReadTime = readTime;
    this.lastReadMicros = micros;
  }

  private async apply(batch: ChangeBatch): Promise<void> {
    // A target added after the batch was formed has already seen its commits.
    if (batch.readMicros >= this.lastReadMicros)
      this.noteReadTime(batch.readTime, batch.readMicros);
    const readTime = this.lastReadTime;
    let sent = false;
    for (const [id, state] of [...this.targets]) {
      const touched = touchedBy(batch, state);
      if (touched.length === 0) continue;
      let diff: { upserts: FirestoreDocument[]; removed: string[] };
      try {
        if (state.windowless) {
          const matches = await this.evaluateTouched(state, touched, readTime, batch.memo);
          if (!this.targets.has(id)) continue; // removed meanwhile
          diff = diffTouched(state.held, touched, matches);
        } else {
          const documents = await this.evaluate(
            state.definition,
            state.target,
            readTime,
            batch.memo,
          );
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
    if (sent) this.emit(snapshotOf(batch, readTime));
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
    state: TargetState,
    touched: string[],
    readTime: string,
    memo: Map<string, Promise<FirestoreDocument[]>>,
  ): Promise<FirestoreDocument[]> {
    const key = `touched|${readTime}|${this.callerKey}|${state.definition}`;
    let result = memo.get(key);
    if (!result) {
      const { parent, structuredQuery } = state.target.query!;
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

  /**
   * A target's result at `readTime`. With `memo` (one per change batch), targets with the same
   * definition and caller share one evaluation, and their documents are the same objects.
   */
  private evaluate(
    definition: string,
    target: ListenTarget,
    readTime: string,
    memo?: Map<string, Promise<FirestoreDocument[]>>,
  ): Promise<FirestoreDocument[]> {
    const key = `${readTime}|${this.callerKey}|${definition}`;
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
