/**
 * The Firestore engine behind both transports: documents, queries, transactions and rules
 * checks, speaking the v1 API's request/response shapes with values in canonical form.
 * Returned objects share structure with stored data; callers must treat them as read-only.
 */
import type { CompiledRules, RulesDocumentReader } from "../rules/api.js";
import type { Caller } from "../shared/auth.js";
import type { RequestDecision } from "../shared/rules-decisions.js";
import type { FirestoreDocument } from "../shared/value.js";
import {
  type AccessCheck,
  MULTI_ACCESS_LIMIT,
  SINGLE_ACCESS_LIMIT,
  checkAccess,
  rulesPathToDocumentPath,
} from "./access-control.js";
import { aggregate } from "./aggregation.js";
import type {
  BatchGetDocumentsRequest,
  BatchGetDocumentsResponse,
  BatchWriteRequest,
  BatchWriteResponse,
  BeginTransactionRequest,
  CommitRequest,
  CommitResponse,
  DocumentInput,
  ListCollectionIdsRequest,
  ListDocumentsOptions,
  Precondition,
  ReadConsistency,
  RollbackRequest,
  RunAggregationQueryRequest,
  RunAggregationQueryResponse,
  RunQueryRequest,
  RunQueryResponse,
  Status,
  Write,
  WriteResult,
} from "./api-types.js";
import { CommitClock, formatTimestamp, normalizeTimestamp } from "./clock.js";
import { DatabaseStore, type DocumentSource, type StoredDocument } from "./document-store.js";
import {
  CommitHistory,
  HISTORY_WINDOW_MICROS,
  SnapshotView,
  timestampMicros,
} from "./snapshots.js";
import {
  FirestoreError,
  invalidArgument,
  permissionDenied,
  transactionContention,
} from "./errors.js";
import { applyMask, parseFieldPath } from "./field-path.js";
import type { Journal, JournalRecord } from "./journal.js";
import { readExport, writeExport } from "./persistence.js";
import {
  type PlannedQuery,
  type QueryResult,
  executeQuery,
  planQuery,
  projectFields,
  rulesQueryOf,
} from "./query.js";
import {
  type DatabaseId,
  type ResourcePath,
  autoId,
  databaseKey,
  databaseName,
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
} from "./resource-names.js";
import {
  type Transaction,
  type TransactionOptions,
  TransactionManager,
  recordRead,
} from "./transactions.js";
import { applyWrite } from "./writes.js";

export { FirestoreError } from "./errors.js";
export type * from "./api-types.js";

const MAX_WRITES_PER_COMMIT = 500;

/** A query's result row as the client receives it: its projected fields, under the row's name. */
function resultDocument(
  query: PlannedQuery,
  { doc, name }: { doc: StoredDocument; name: string },
): FirestoreDocument {
  return {
    name,
    fields: projectFields(query, doc.fields),
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}

/**
 * Documents changed by one commit, by name (a listener reads what it needs at its own read
 * time: a bulk change must not copy every document into the event).
 */
export interface CommitEvent {
  project: string;
  database: string;
  commitTime: string;
  changes: { name: string; deleted: boolean }[];
}

interface ReadContext {
  tx?: Transaction;
  /** Set when the request began a transaction (returned to the client). */
  newId?: string;
  source: DocumentSource;
  readTime: string;
}

function rejectExplain(body: object): void {
  if ("explainOptions" in body && body.explainOptions) {
    throw new FirestoreError("UNIMPLEMENTED", "Query explain (explainOptions) is not emulated.");
  }
}

function resultSignature(result: QueryResult): string {
  return result.documents.map(({ doc }) => `${doc.path}@${doc.updateTime}`).join("\n");
}

function pathOf(p: ResourcePath): string {
  return p.segments.join("/");
}

function pageOffset(token: string | undefined): number {
  if (!token) return 0;
  const n = Number(Buffer.from(token, "base64url").toString("utf8").replace(/^o:/, ""));
  if (!Number.isInteger(n) || n < 0) throw invalidArgument("Invalid page token.");
  return n;
}

const pageToken = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");

interface PendingWrite {
  path: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export class FirestoreEngine {
  private readonly databases = new Map<string, DatabaseStore>();
  private readonly histories = new Map<string, CommitHistory>();
  private readonly listeners = new Set<(event: CommitEvent) => void>();
  private readonly decisionListeners = new Set<(decision: RequestDecision) => void>();
  private readonly now: () => Date;
  private readonly clock: CommitClock;
  private readonly transactions: TransactionManager;
  private readonly commitLocks = new Map<string, Promise<void>>();
  /** Rules of firestore.rules, for projects that have none of their own. */
  private rules: CompiledRules | null = null;
  /** Rules set for one project through the control endpoint. */
  private readonly projectRules = new Map<string, CompiledRules>();
  private journal: Journal<JournalRecord> | undefined;
  /** Commit times (µs) assigned to commits that are not applied yet. */
  private readonly inFlight = new Set<number>();

  constructor(opts?: { now?: () => Date }) {
    this.now = opts?.now ?? (() => new Date());
    this.clock = new CommitClock(this.now);
    this.transactions = new TransactionManager(() => this.now().getTime());
  }

  /** From now on, every commit is written to `journal` before it is acknowledged. */
  attachJournal(journal: Journal<JournalRecord> | undefined): void {
    this.journal = journal;
  }

  /** Re-applies journal records (after an import) without journaling or notifying them. */
  replay(records: Iterable<JournalRecord>): number {
    let n = 0;
    for (const record of records) {
      n++;
      if (record.op === "clear") {
        this.clearMemory(record.project, record.database);
        continue;
      }
      const store = this.store(record);
      for (const [path, doc] of record.docs) {
        if (doc) store.put(doc);
        else store.delete(path);
      }
    }
    return n;
  }

  /** Sets the default rules, or those of one project when `projectId` is given. */
  setRules(rules: CompiledRules | null, projectId?: string): void {
    if (projectId === undefined) this.rules = rules;
    else if (rules) this.projectRules.set(projectId, rules);
    else this.projectRules.delete(projectId);
  }

  /** The rules in force for a project (its own, else the default), or the default rules. */
  getRules(projectId?: string): CompiledRules | null {
    return (projectId !== undefined && this.projectRules.get(projectId)) || this.rules;
  }

  /**
   * Calls `listener` after every commit that changed documents (for real-time listeners).
   * Returns the function that unsubscribes.
   */
  onCommit(listener: (event: CommitEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` with the rules decision of every client request. Returns the unsubscribe. */
  onRulesDecision(listener: (decision: RequestDecision) => void): () => void {
    this.decisionListeners.add(listener);
    return () => this.decisionListeners.delete(listener);
  }

  /**
   * A read time whose snapshot can no longer change: now, or just before the earliest commit that
   * has its time but is not applied yet (it is awaiting rules). Listeners snapshot at this time,
   * so a resume token never names a moment a late commit lands in.
   */
  currentReadTime(): string {
    const now = this.clock.current();
    if (this.inFlight.size === 0) return now;
    const before = Math.min(...this.inFlight) - 1;
    if (before >= timestampMicros(now)) return now;
    return formatTimestamp(Math.floor(before / 1e6), (before % 1e6) * 1000);
  }

  // ---- documents ----------------------------------------------------------------------------

  async getDocument(
    name: string,
    opts: { mask?: string[]; transaction?: string; readTime?: string },
    caller: Caller,
  ): Promise<FirestoreDocument> {
    const ref = parseDocumentName(name);
    const { tx, source } = this.readContext(ref, opts);
    const path = pathOf(ref);
    const doc = source.get(path) ?? null;
    await this.authorize(caller, ref, [
      { method: "get", documentPath: path, resource: this.toDocument(ref, doc) },
    ]);
    recordRead(tx, path, doc?.updateTime ?? null);
    if (!doc) throw new FirestoreError("NOT_FOUND", `Document "${name}" not found.`);
    return this.toDocument(ref, doc, opts.mask)!;
  }

  async listDocuments(
    parent: string,
    collectionId: string,
    opts: ListDocumentsOptions,
    caller: Caller,
  ): Promise<{ documents: FirestoreDocument[]; nextPageToken?: string }> {
    const ref = parseParentName(parent);
    if (!collectionId || collectionId.includes("/"))
      throw invalidArgument("Invalid collection id.");
    const { tx, source } = this.readContext(ref, opts);
    const store = this.store(ref);
    const collection = [...ref.segments, collectionId].join("/");
    const orderBy = (opts.orderBy ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
      .map((s) => {
        const [field, dir, extra] = s.split(/\s+/);
        if (extra !== undefined || (dir && !/^(asc|desc)$/i.test(dir))) {
          throw invalidArgument(`Invalid orderBy: ${opts.orderBy}`);
        }
        return {
          field: { fieldPath: field! },
          direction:
            dir?.toLowerCase() === "desc" ? ("DESCENDING" as const) : ("ASCENDING" as const),
        };
      });
    const query = planQuery({ from: [{ collectionId }], orderBy });
    const result = executeQuery(
      query,
      source.collection(collection),
      (d) => this.nameOf(ref, d.path),
      "",
    );
    let rows: { doc: StoredDocument | null; path: string }[] = result.documents.map(({ doc }) => ({
      doc,
      path: doc.path,
    }));
    if (opts.showMissing) {
      // Missing documents (only subcollections) have no fields; list them in name order.
      rows = [
        ...rows,
        ...store
          .missingDocumentIds(collection)
          .map((id) => ({ doc: null, path: `${collection}/${id}` })),
      ];
      if (orderBy.length === 0)
        rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    }
    const offset = pageOffset(opts.pageToken);
    const size = opts.pageSize && opts.pageSize > 0 ? opts.pageSize : Infinity;
    const page = rows.slice(offset, offset + size);
    if (caller.kind !== "admin")
      await this.authorize(
        caller,
        ref,
        page
          .filter((r) => r.doc)
          .map((r) => ({
            method: "list" as const,
            documentPath: r.path,
            resource: this.toDocument(ref, r.doc),
            query: rulesQueryOf(query),
          })),
      );
    for (const r of page) recordRead(tx, r.path, r.doc?.updateTime ?? null);
    const documents = page.map((r) =>
      r.doc
        ? this.toDocument(ref, r.doc, opts.mask)!
        : { name: this.nameOf(ref, r.path), fields: {} },
    );
    return offset + size < rows.length
      ? { documents, nextPageToken: pageToken(offset + size) }
      : { documents };
  }

  async createDocument(
    parent: string,
    collectionId: string,
    documentId: string | undefined,
    document: DocumentInput,
    mask: string[] | undefined,
    caller: Caller,
  ): Promise<FirestoreDocument> {
    const ref = parseParentName(parent);
    if (!collectionId || collectionId.includes("/"))
      throw invalidArgument("Invalid collection id.");
    const name = `${parent}/${collectionId}/${documentId || autoId()}`;
    const docRef = parseDocumentName(name);
    const { written } = await this.commitWrites(
      ref,
      [{ update: { fields: document.fields ?? {}, name }, currentDocument: { exists: false } }],
      caller,
    );
    return this.toDocument(docRef, written.get(pathOf(docRef)) ?? null, mask)!;
  }

  async patchDocument(
    name: string,
    document: DocumentInput,
    opts: { updateMask?: string[]; mask?: string[]; currentDocument?: Precondition },
    caller: Caller,
  ): Promise<FirestoreDocument> {
    const ref = parseDocumentName(name);
    if (document.name !== undefined && document.name !== name) {
      throw invalidArgument("Document name in the request body does not match the URL.");
    }
    const { written } = await this.commitWrites(
      ref,
      [
        {
          update: { fields: document.fields ?? {}, name },
          updateMask: opts.updateMask ? { fieldPaths: opts.updateMask } : undefined,
          currentDocument: opts.currentDocument,
        },
      ],
      caller,
    );
    return this.toDocument(ref, written.get(pathOf(ref)) ?? null, opts.mask)!;
  }

  async deleteDocument(
    name: string,
    currentDocument: Precondition | undefined,
    caller: Caller,
  ): Promise<Record<string, never>> {
    const ref = parseDocumentName(name);
    await this.commitWrites(ref, [{ delete: name, currentDocument }], caller);
    return {};
  }

  async batchGetDocuments(
    database: string,
    body: BatchGetDocumentsRequest,
    caller: Caller,
  ): Promise<BatchGetDocumentsResponse[]> {
    const db = parseDatabaseName(database);
    const names = body.documents ?? [];
    const refs = names.map((n) => {
      const ref = parseDocumentName(n);
      if (ref.project !== db.project || ref.database !== db.database) {
        throw invalidArgument(`Document ${n} is not in database ${database}.`);
      }
      return ref;
    });
    const { tx, newId, source, readTime } = this.readContext(db, body);
    const docs = refs.map((ref) => source.get(pathOf(ref)) ?? null);
    if (caller.kind !== "admin")
      await this.authorize(
        caller,
        db,
        refs.map((ref, i) => ({
          method: "get" as const,
          documentPath: pathOf(ref),
          resource: this.toDocument(ref, docs[i]!),
        })),
        { limit: names.length > 1 ? MULTI_ACCESS_LIMIT : SINGLE_ACCESS_LIMIT },
      );
    const mask = body.mask?.fieldPaths;
    const responses = refs.map((ref, i): BatchGetDocumentsResponse => {
      const doc = docs[i]!;
      recordRead(tx, pathOf(ref), doc?.updateTime ?? null);
      return doc
        ? { found: this.toDocument(ref, doc, mask)!, readTime }
        : { missing: names[i]!, readTime };
    });
    if (newId) {
      if (responses.length === 0) return [{ transaction: newId, readTime }];
      responses[0]!.transaction = newId;
    }
    return responses;
  }

  // ---- transactions and writes ----------------------------------------------------------------

  async beginTransaction(
    database: string,
    body: BeginTransactionRequest,
    _caller: Caller,
  ): Promise<{ transaction: string }> {
    const db = parseDatabaseName(database);
    return { transaction: this.beginInternal(db, body.options).id };
  }

  async rollback(
    database: string,
    body: RollbackRequest,
    _caller: Caller,
  ): Promise<Record<string, never>> {
    const db = parseDatabaseName(database);
    if (!body.transaction) throw invalidArgument("Missing transaction.");
    this.transactions.use(body.transaction, databaseKey(db));
    this.transactions.end(body.transaction);
    return {};
  }

  async commit(database: string, body: CommitRequest, caller: Caller): Promise<CommitResponse> {
    const db = parseDatabaseName(database);
    let tx: Transaction | undefined;
    if (body.transaction) {
      tx = this.transactions.use(body.transaction, databaseKey(db));
      // A commit ends the transaction whatever its outcome.
      this.transactions.end(tx.id);
      if (tx.readOnly && (body.writes?.length ?? 0) > 0) {
        throw invalidArgument("Cannot modify entities in a read-only transaction.");
      }
    }
    const { writeResults, commitTime } = await this.commitWrites(db, body.writes ?? [], caller, tx);
    return { writeResults, commitTime };
  }

  async batchWrite(
    database: string,
    body: BatchWriteRequest,
    caller: Caller,
  ): Promise<BatchWriteResponse> {
    const db = parseDatabaseName(database);
    const writes = body.writes ?? [];
    if (writes.length > MAX_WRITES_PER_COMMIT) {
      throw invalidArgument(`A batch write may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
    }
    const writeResults: WriteResult[] = [];
    const status: Status[] = [];
    for (const write of writes) {
      try {
        const response = await this.commitWrites(db, [write], caller);
        writeResults.push(response.writeResults[0]!);
        status.push({});
      } catch (e) {
        if (!(e instanceof FirestoreError)) throw e;
        writeResults.push({});
        status.push({ code: e.grpcCode, message: e.message });
      }
    }
    return { writeResults, status };
  }

  // ---- queries ---------------------------------------------------------------------------------

  async runQuery(
    parent: string,
    body: RunQueryRequest,
    caller: Caller,
  ): Promise<RunQueryResponse[]> {
    const ref = parseParentName(parent);
    rejectExplain(body);
    const query = planQuery(
      body.structuredQuery as NonNullable<RunQueryRequest["structuredQuery"]>,
    );
    const context = this.readContext(ref, body);
    const { newId, readTime } = context;
    const result = await this.execute(ref, parent, query, caller, context);
    const responses: RunQueryResponse[] = result.documents.map((row) => ({
      document: resultDocument(query, row),
      readTime,
    }));
    if (responses.length === 0) responses.push({ readTime });
    if (result.skipped > 0) responses[0]!.skippedResults = result.skipped;
    if (newId) responses[0]!.transaction = newId;
    return responses;
  }

  /**
   * Which of the named documents a query without limit or offset returns at `readTime`, as
   * runQuery would return them (rules checked): what a listener re-checks after a change
   * instead of re-running the whole query.
   */
  async queryMatches(
    parent: string,
    structuredQuery: RunQueryRequest["structuredQuery"],
    names: string[],
    readTime: string,
    caller: Caller,
  ): Promise<FirestoreDocument[]> {
    const ref = parseParentName(parent);
    const query = planQuery(structuredQuery as NonNullable<RunQueryRequest["structuredQuery"]>);
    if (query.limit !== undefined || query.offset > 0) {
      throw invalidArgument("queryMatches needs a query without limit or offset.");
    }
    const { source } = this.readContext(ref, { readTime });
    const candidates: StoredDocument[] = [];
    for (const name of names) {
      const doc = source.get(pathOf(parseDocumentName(name)));
      if (doc) candidates.push(doc);
    }
    const result = executeQuery(query, candidates, (d) => this.nameOf(ref, d.path), parent + "/");
    if (caller.kind !== "admin") {
      const rulesQuery = rulesQueryOf(query);
      await this.authorize(
        caller,
        ref,
        result.documents.map(({ doc }) => ({
          method: "list" as const,
          documentPath: doc.path,
          resource: this.toDocument(ref, doc),
          query: rulesQuery,
        })),
      );
    }
    return result.documents.map((row) => resultDocument(query, row));
  }

  async runAggregationQuery(
    parent: string,
    body: RunAggregationQueryRequest,
    caller: Caller,
  ): Promise<RunAggregationQueryResponse[]> {
    const ref = parseParentName(parent);
    rejectExplain(body);
    const spec = body.structuredAggregationQuery;
    if (!spec?.structuredQuery) throw invalidArgument("structuredAggregationQuery is required.");
    const query = planQuery(spec.structuredQuery);
    const context = this.readContext(ref, body);
    const { newId, readTime } = context;
    const result = await this.execute(ref, parent, query, caller, context);
    const aggregateFields = aggregate(
      spec.aggregations ?? [],
      result.documents.map((d) => d.doc),
    );
    const response: RunAggregationQueryResponse = {
      result: { aggregateFields },
      readTime,
    };
    if (newId) response.transaction = newId;
    return [response];
  }

  async listCollectionIds(
    parent: string,
    body: ListCollectionIdsRequest,
    caller: Caller,
  ): Promise<{ collectionIds: string[]; nextPageToken?: string }> {
    const ref = parseParentName(parent);
    // Listing collection ids is an admin-only operation for clients, as in Firestore.
    await this.authorize(caller, ref, [], { adminOnly: true });
    const ids = this.store(ref).childCollectionIds(pathOf(ref));
    const offset = pageOffset(body.pageToken);
    const size = body.pageSize && body.pageSize > 0 ? body.pageSize : Infinity;
    const collectionIds = ids.slice(offset, offset + size);
    return offset + size < ids.length
      ? { collectionIds, nextPageToken: pageToken(offset + size) }
      : { collectionIds };
  }

  // ---- administration --------------------------------------------------------------------------

  /** Deletes every document: of all projects, of one project, or of one of its databases. */
  clear(projectId?: string, database?: string): void {
    this.clearMemory(projectId, database);
    this.journal?.append({ op: "clear", project: projectId, database });
  }

  private clearMemory(projectId?: string, database?: string): void {
    for (const key of [...this.databases.keys()]) {
      const i = key.lastIndexOf("/");
      const [project, db] = [key.slice(0, i), key.slice(i + 1)];
      if (
        projectId === undefined ||
        (project === projectId && (database === undefined || db === database))
      ) {
        this.databases.delete(key);
        this.histories.delete(key);
      }
    }
    this.transactions.clear(projectId === undefined ? undefined : `${projectId}/${database ?? ""}`);
  }

  async exportTo(dir: string): Promise<void> {
    const snapshot = [...this.databases.entries()]
      .filter(([, store]) => store.size > 0)
      .map(([key, store]) => {
        const i = key.lastIndexOf("/");
        return {
          project: key.slice(0, i),
          database: key.slice(i + 1),
          documents: [...store.all()],
        };
      });
    await writeExport(dir, snapshot);
  }

  async importFrom(dir: string): Promise<void> {
    for (const db of await readExport(dir)) {
      const store = new DatabaseStore();
      for (const doc of db.documents) store.put(doc);
      this.databases.set(databaseKey(db), store);
      // Versions before the import are unknown: reads can't go back further than now.
      const history = new CommitHistory();
      history.startAt(timestampMicros(this.clock.current()));
      this.histories.set(databaseKey(db), history);
    }
  }

  // ---- internals -------------------------------------------------------------------------------

  private history(db: DatabaseId): CommitHistory {
    const key = databaseKey(db);
    let history = this.histories.get(key);
    if (!history) this.histories.set(key, (history = new CommitHistory()));
    return history;
  }

  private notify(
    db: DatabaseId,
    commitTime: string,
    previous: Map<string, StoredDocument | null>,
    store: DatabaseStore,
  ): void {
    if (this.listeners.size === 0) return;
    const event: CommitEvent = {
      project: db.project,
      database: db.database,
      commitTime,
      changes: Array.from(previous.keys(), (path) => ({
        name: this.nameOf(db, path),
        deleted: store.get(path) === undefined,
      })),
    };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a failing listener must not affect the commit or other listeners
      }
    }
  }

  private store(db: DatabaseId): DatabaseStore {
    const key = databaseKey(db);
    let store = this.databases.get(key);
    if (!store) this.databases.set(key, (store = new DatabaseStore()));
    return store;
  }

  private nameOf(db: DatabaseId, path: string): string {
    return `${databaseName(db)}/documents/${path}`;
  }

  private toDocument(
    db: DatabaseId,
    doc: StoredDocument | null,
    mask?: string[],
  ): FirestoreDocument | null {
    if (!doc) return null;
    return {
      name: this.nameOf(db, doc.path),
      fields: mask ? applyMask(doc.fields, mask.map(parseFieldPath)) : doc.fields,
      createTime: doc.createTime,
      updateTime: doc.updateTime,
    };
  }

  /**
   * Resolves a request's consistency selector: a transaction (read-only ones read at their
   * snapshot), a new transaction, a read time in the past, or the latest data.
   */
  private readContext(db: DatabaseId, body: ReadConsistency): ReadContext {
    const selectors = [body.transaction, body.newTransaction, body.readTime].filter((x) => x);
    if (selectors.length > 1) {
      throw invalidArgument("Only one of transaction, newTransaction and readTime may be set.");
    }
    let tx: Transaction | undefined;
    let newId: string | undefined;
    if (body.newTransaction) {
      tx = this.beginInternal(db, body.newTransaction);
      newId = tx.id;
    } else if (body.transaction) {
      tx = this.transactions.use(body.transaction, databaseKey(db));
    }
    const readTime = tx?.readTime ?? body.readTime;
    if (readTime === undefined) {
      return { tx, newId, source: this.store(db), readTime: this.clock.current() };
    }
    const normalized = normalizeTimestamp(readTime);
    if (!normalized) throw invalidArgument(`Invalid read time: ${readTime}`);
    return { tx, newId, source: this.sourceAt(db, normalized), readTime: normalized };
  }

  private sourceAt(db: DatabaseId, readTime: string): DocumentSource {
    const micros = timestampMicros(readTime);
    const now = timestampMicros(this.clock.current());
    if (micros >= now) return this.store(db);
    const history = this.history(db);
    if (micros < now - HISTORY_WINDOW_MICROS || !history.covers(micros)) {
      throw new FirestoreError(
        "FAILED_PRECONDITION",
        `The requested read time ${readTime} is older than the oldest available version (reads may go back at most one hour).`,
      );
    }
    const overrides = history.overridesAfter(micros);
    return overrides ? new SnapshotView(this.store(db), overrides) : this.store(db);
  }

  private beginInternal(db: DatabaseId, options: TransactionOptions | undefined): Transaction {
    const tx = this.transactions.begin(databaseKey(db), options);
    if (tx.readOnly) {
      // A read-only transaction reads one consistent snapshot: its read time or its start.
      const requested = options?.readOnly?.readTime;
      const readTime = requested ? normalizeTimestamp(requested) : this.clock.current();
      if (!readTime) throw invalidArgument(`Invalid read time: ${requested}`);
      if (requested) this.sourceAt(db, readTime);
      tx.readTime = readTime;
    }
    return tx;
  }

  private reader(
    db: DatabaseId,
    overlay?: Map<string, StoredDocument | null>,
  ): RulesDocumentReader {
    return {
      get: async (rulesPath: string) => {
        const path = rulesPathToDocumentPath(rulesPath);
        if (!path) return null;
        const doc = overlay?.has(path) ? overlay.get(path)! : (this.store(db).get(path) ?? null);
        return this.toDocument(db, doc);
      },
    };
  }

  private async authorize(
    caller: Caller,
    db: DatabaseId,
    checks: AccessCheck[],
    opts: {
      limit?: number;
      adminOnly?: boolean;
      /** The state after a commit's writes, for getAfter() / existsAfter(). */
      overlay?: Map<string, StoredDocument | null>;
      /** request.time; a commit's time for writes, so it equals their server timestamps. */
      time?: Date;
    } = {},
  ): Promise<void> {
    if (caller.kind === "admin") return;
    if (opts.adminOnly) throw permissionDenied();
    await checkAccess(
      this.getRules(db.project),
      caller,
      db.database,
      opts.time ?? this.now(),
      checks,
      this.reader(db),
      opts.overlay ? this.reader(db, opts.overlay) : undefined,
      opts.limit ?? SINGLE_ACCESS_LIMIT,
      (decision) => {
        for (const listener of this.decisionListeners) listener(decision);
      },
    );
  }

  private async execute(
    ref: ResourcePath,
    parent: string,
    query: PlannedQuery,
    caller: Caller,
    context: ReadContext,
  ) {
    const result = this.runPlanned(ref, parent, query, context.source);
    // A query is denied when any document it returns is denied (see docs/firestore.md).
    const rulesQuery = rulesQueryOf(query);
    if (caller.kind !== "admin")
      await this.authorize(
        caller,
        ref,
        result.documents.map(({ doc }) => ({
          method: "list" as const,
          documentPath: doc.path,
          resource: this.toDocument(ref, doc),
          query: rulesQuery,
        })),
      );
    const tx = context.tx;
    for (const { doc } of result.documents) recordRead(tx, doc.path, doc.updateTime);
    if (tx && !tx.readOnly) {
      // Re-run at commit: a changed result set (a phantom) aborts the transaction.
      tx.queries.push({ ref, parent, query, signature: resultSignature(result) });
    }
    return result;
  }

  private runPlanned(
    ref: ResourcePath,
    parent: string,
    query: PlannedQuery,
    source: DocumentSource,
  ): QueryResult {
    const parentPath = pathOf(ref);
    const candidates = query.allDescendants
      ? source.collectionGroup(parentPath, query.collectionId)
      : source.collection(
          parentPath === "" ? query.collectionId : `${parentPath}/${query.collectionId}`,
        );
    return executeQuery(query, candidates, (d) => this.nameOf(ref, d.path), parent + "/");
  }

  /** ABORTED when anything the transaction read has changed since it read it. */
  private validateReads(tx: Transaction, store: DatabaseStore): void {
    for (const [path, seen] of tx.reads) {
      if ((store.get(path)?.updateTime ?? null) !== seen) throw transactionContention();
    }
    for (const q of tx.queries) {
      const again = this.runPlanned(
        q.ref as ResourcePath,
        q.parent,
        q.query as PlannedQuery,
        store,
      );
      if (resultSignature(again) !== q.signature) throw transactionContention();
    }
  }

  /** Commits are serialised per database so validation, rules and apply see one state. */
  private async withCommitLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.commitLocks.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.commitLocks.set(key, current);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.commitLocks.get(key) === current) this.commitLocks.delete(key);
    }
  }

  private async commitWrites(
    db: DatabaseId,
    writes: Write[],
    caller: Caller,
    tx?: Transaction,
  ): Promise<CommitResponse & { written: Map<string, StoredDocument | null> }> {
    if (writes.length > MAX_WRITES_PER_COMMIT) {
      throw invalidArgument(`A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
    }
    const key = databaseKey(db);
    return this.withCommitLock(key, async () => {
      const store = this.store(db);
      if (tx) this.validateReads(tx, store);
      const commitTime = this.clock.next();
      const micros = timestampMicros(commitTime);
      this.inFlight.add(micros);
      try {
        return await this.applyCommit(db, store, writes, caller, commitTime, tx);
      } finally {
        this.inFlight.delete(micros);
      }
    });
  }

  private async applyCommit(
    db: DatabaseId,
    store: DatabaseStore,
    writes: Write[],
    caller: Caller,
    commitTime: string,
    tx: Transaction | undefined,
  ): Promise<CommitResponse & { written: Map<string, StoredDocument | null> }> {
    const overlay = new Map<string, StoredDocument | null>();
    const pending: PendingWrite[] = [];
    const writeResults = writes.map((write) => {
      const { path, before, after, result, verifyOnly } = applyWrite(
        db,
        write,
        (p) => (overlay.has(p) ? overlay.get(p)! : (store.get(p) ?? null)),
        commitTime,
      );
      if (verifyOnly) return result; // a verify reads; its rules were checked at read time
      overlay.set(path, after);
      pending.push({ path, before, after });
      return result;
    });
    if (caller.kind !== "admin") {
      const checks = pending.map(({ path, before, after }): AccessCheck => ({
        method: !after ? "delete" : before ? "update" : "create",
        documentPath: path,
        resource: this.toDocument(db, before),
        requestResource: this.toDocument(db, after),
      }));
      await this.authorize(caller, db, checks, {
        limit: writes.length > 1 || tx ? MULTI_ACCESS_LIMIT : SINGLE_ACCESS_LIMIT,
        overlay,
        time: new Date(Date.parse(commitTime)),
      });
    }
    const previous = new Map<string, StoredDocument | null>();
    for (const [path, doc] of overlay) {
      const old = store.get(path) ?? null;
      if (old !== doc) previous.set(path, old); // unchanged documents keep their version
    }
    if (previous.size === 0) return { writeResults, commitTime, written: overlay };
    // Journaled before it is applied and answered (see journal.ts): a failed append fails
    // the commit without changing anything.
    this.journal?.append({
      op: "commit",
      project: db.project,
      database: db.database,
      docs: [...previous.keys()].map((p) => [p, overlay.get(p)!]),
    });
    for (const path of previous.keys()) {
      const doc = overlay.get(path)!;
      if (doc) store.put(doc);
      else store.delete(path);
    }
    this.history(db).record(timestampMicros(commitTime), previous);
    this.notify(db, commitTime, previous, store);
    return { writeResults, commitTime, written: overlay };
  }
}
