/**
 * A loaded ruleset: finds the match blocks that cover a request path and evaluates the allow
 * statements for the request's method. Access is granted when any of them is true.
 */
import type {
  CompiledRules,
  FirestoreRulesRequest,
  RulesDecision,
  RulesMethod,
  RulesRequest,
  RulesService,
  RuleReference,
  StorageObjectMetadata,
  StorageRulesRequest,
} from "./api.js";
import type { AllowMethod, AllowStmt, MatchBlock, Ruleset } from "./ast.js";
import {
  conditionFrame,
  evaluate,
  resourceFromDocument,
  type AccessBudget,
  type EvalContext,
} from "./evaluator.js";
import { matchPattern, splitPath } from "./paths.js";
import {
  RMap,
  RPath,
  RulesEvalError,
  fromJson,
  parseTimestamp,
  timestampFromDate,
  typeOf,
  type RValue,
} from "./values.js";

export interface EngineOptions {
  /** Receives the text of every debug() call. */
  onDebug?: (value: string) => void;
}

/** Limit used when a Firestore request comes without a shared accessBudget. */
export const DEFAULT_ACCESS_LIMIT = 10;

const GRANTS: Record<AllowMethod, readonly RulesMethod[]> = {
  read: ["get", "list"],
  write: ["create", "update", "delete"],
  get: ["get"],
  list: ["list"],
  create: ["create"],
  update: ["update"],
  delete: ["delete"],
};

interface Candidate {
  block: MatchBlock;
  allow: AllowStmt;
  chain: ReadonlyMap<string, RValue>[];
}

export class Engine implements CompiledRules {
  readonly service: RulesService;

  private readonly sourceLines: readonly string[];

  constructor(
    private readonly rules: Ruleset,
    readonly fileName: string,
    private readonly options: EngineOptions = {},
    /** The rules text, so decisions can quote the statements they name. */
    source = "",
  ) {
    this.service = rules.service;
    this.sourceLines = source.split("\n");
  }

  private reference(c: Candidate, failure?: string): RuleReference {
    const text = (this.sourceLines[c.allow.line - 1] ?? "").trim();
    return {
      file: this.fileName,
      line: c.allow.line,
      text,
      match: c.block.patternText,
      ...(failure === undefined ? {} : { failure }),
    };
  }

  async evaluate(request: RulesRequest): Promise<RulesDecision> {
    if (request.service !== this.service) {
      return {
        allowed: false,
        reason: `${this.fileName} holds ${this.service} rules, not ${request.service}.`,
      };
    }
    const segments =
      request.service === "cloud.firestore"
        ? ["databases", request.database, "documents", ...splitPath(request.documentPath)]
        : ["b", request.bucket, "o", ...splitPath(request.objectPath)];
    const candidates = this.candidates(segments, request.method);
    const where = `${request.method} ${request.service === "cloud.firestore" ? request.documentPath : request.objectPath}`;
    if (candidates.length === 0) {
      return { allowed: false, reason: `No matching allow statements for ${where}.`, rules: [] };
    }

    let ctxBase: Omit<EvalContext, "chain" | "steps">;
    try {
      ctxBase = this.context(request, segments);
    } catch (err) {
      if (err instanceof RulesEvalError)
        return { allowed: false, reason: `Invalid request: ${err.message}` };
      throw err;
    }
    const failures: string[] = [];
    const failed: RuleReference[] = [];
    const fail = (c: Candidate, label: string, why: string) => {
      failures.push(`${label}: ${why}`);
      failed.push(this.reference(c, why));
    };
    for (const c of candidates) {
      const at = `${this.fileName}:${c.allow.line}`;
      const label = `allow ${c.allow.methods.join(", ")} at ${at} (match ${c.block.patternText})`;
      const granted = () => ({
        allowed: true,
        reason: `Allowed by ${label}.`,
        rules: [this.reference(c)],
      });
      if (!c.allow.condition) return granted();
      const ctx: EvalContext = { ...ctxBase, chain: c.chain, steps: 0 };
      try {
        const v = await evaluate(c.allow.condition, conditionFrame(ctx), ctx);
        if (v === true) return granted();
        fail(
          c,
          label,
          typeof v === "boolean" ? "condition is false" : `condition is ${typeOf(v)}, not bool`,
        );
      } catch (err) {
        if (err instanceof RangeError) {
          fail(c, label, "error: evaluation exhausted the stack");
          continue;
        }
        if (!(err instanceof RulesEvalError)) throw err;
        fail(c, label, `error: ${err.message.replace(/\.$/, "")}`);
      }
    }
    return { allowed: false, reason: `Denied ${where}. ${failures.join("; ")}.`, rules: failed };
  }

  /** Allow statements of every match block that covers the whole path, in source order. */
  private candidates(segments: string[], method: RulesMethod): Candidate[] {
    const out: Candidate[] = [];
    const version = this.rules.version;
    const visit = (
      block: MatchBlock,
      start: number,
      chain: ReadonlyMap<string, RValue>[],
    ): void => {
      for (const m of matchPattern(block.pattern, segments, start, version)) {
        const next = [...chain, m.bindings];
        if (m.end === segments.length) {
          for (const allow of block.allows) {
            if (allow.methods.some((am) => GRANTS[am].includes(method)))
              out.push({ block, allow, chain: next });
          }
        }
        for (const inner of block.matches) visit(inner, m.end, next);
      }
    };
    for (const top of this.rules.matches) visit(top, 0, []);
    return out;
  }

  private context(request: RulesRequest, segments: string[]): Omit<EvalContext, "chain" | "steps"> {
    const common = {
      cache: new Map<string, RValue>(),
      ...(this.options.onDebug ? { onDebug: this.options.onDebug } : {}),
    };
    if (request.service === "cloud.firestore") {
      const budget: AccessBudget = request.accessBudget ?? { used: 0, limit: DEFAULT_ACCESS_LIMIT };
      return {
        ...common,
        globals: firestoreGlobals(request, segments),
        readers: {
          get: request.reader,
          ...(request.readerAfter ? { getAfter: request.readerAfter } : {}),
        },
        budget,
      };
    }
    return {
      ...common,
      globals: storageGlobals(request, segments),
      readers: request.firestore ? { firestore: request.firestore } : {},
      budget: { used: 0, limit: DEFAULT_ACCESS_LIMIT },
    };
  }
}

function authValue(auth: RulesRequest["auth"]): RValue {
  if (!auth) return null;
  return RMap.of({ uid: auth.uid, token: fromJson(auth.token) });
}

function firestoreGlobals(request: FirestoreRulesRequest, segments: string[]): Map<string, RValue> {
  const req: Record<string, RValue> = {
    auth: authValue(request.auth),
    method: request.method,
    path: new RPath(segments),
    time: timestampFromDate(request.time),
    resource: resourceFromDocument(request.requestResource),
  };
  if (request.method === "list" || request.query) {
    const q = request.query ?? {};
    const orderBy = new Map<string, RValue>(Object.entries(q.orderBy ?? {}));
    req.query = RMap.of({
      limit: q.limit === undefined ? null : BigInt(q.limit),
      offset: q.offset === undefined ? null : BigInt(q.offset),
      orderBy: new RMap(orderBy),
    });
  }
  return new Map<string, RValue>([
    ["request", RMap.of(req)],
    ["resource", resourceFromDocument(request.resource)],
  ]);
}

function storageObject(meta: StorageObjectMetadata | null): RValue {
  if (!meta) return null;
  const optionalString = (v: string | undefined): RValue => v ?? null;
  const optionalInt = (v: string | undefined): RValue =>
    v !== undefined && /^-?\d+$/.test(v) ? BigInt(v) : null;
  const optionalTime = (v: string | undefined): RValue => (v ? parseTimestamp(v) : null);
  return RMap.of({
    name: meta.name,
    bucket: meta.bucket,
    size: BigInt(Math.trunc(meta.size)),
    contentType: optionalString(meta.contentType),
    metadata: fromJson(meta.metadata ?? {}),
    generation: optionalInt(meta.generation),
    metageneration: optionalInt(meta.metageneration),
    md5Hash: optionalString(meta.md5Hash),
    crc32c: optionalString(meta.crc32c),
    etag: optionalString(meta.etag),
    timeCreated: optionalTime(meta.timeCreated),
    updated: optionalTime(meta.updated),
    contentDisposition: optionalString(meta.contentDisposition),
    contentEncoding: optionalString(meta.contentEncoding),
    contentLanguage: optionalString(meta.contentLanguage),
    cacheControl: optionalString(meta.cacheControl),
  });
}

function storageGlobals(request: StorageRulesRequest, segments: string[]): Map<string, RValue> {
  const req = RMap.of({
    auth: authValue(request.auth),
    method: request.method,
    path: new RPath(segments),
    time: timestampFromDate(request.time),
    resource: storageObject(request.requestResource),
  });
  return new Map<string, RValue>([
    ["request", req],
    ["resource", storageObject(request.resource)],
  ]);
}
