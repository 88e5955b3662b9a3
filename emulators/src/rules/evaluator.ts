/**
 * Expression evaluation. Every runtime problem throws RulesEvalError; the engine turns that into
 * a failed condition, so an error can only ever deny.
 */
import type { RulesDocumentReader } from "./api.js";
import type { Expr, FunctionDecl } from "./ast.js";
import { callGlobal, callMethod, callNamespace, segmentText } from "./builtins.js";
import {
  add,
  contains,
  divide,
  isType,
  modulo,
  multiply,
  negate,
  not,
  relational,
  subtract,
} from "./operators.js";
import {
  RMap,
  RPath,
  equals,
  fail,
  fromFirestoreFields,
  isList,
  pathFromResourceName,
  show,
  typeOf,
  RulesEvalError,
  type RValue,
} from "./values.js";
import type { FirestoreDocument } from "../shared/value.js";

/** The documented maximum depth of nested function calls. */
export const MAX_CALL_DEPTH = 20;
/** Guards against runaway evaluation (deep recursion fanning out). */
export const MAX_STEPS = 100_000;

export interface AccessBudget {
  used: number;
  limit: number;
}

/** Everything one evaluate() call shares across its conditions. */
export interface EvalContext {
  /** `request`, `resource` and the like. */
  globals: ReadonlyMap<string, RValue>;
  /** Wildcard bindings of the match blocks being evaluated, outermost first. */
  chain: readonly ReadonlyMap<string, RValue>[];
  readers: {
    get?: RulesDocumentReader;
    getAfter?: RulesDocumentReader;
    firestore?: RulesDocumentReader;
  };
  budget: AccessBudget;
  /** Document reads already made in this evaluation (path → resource), never charged twice. */
  cache: Map<string, RValue>;
  steps: number;
  onDebug?: (value: string) => void;
}

interface Frame {
  vars: ReadonlyMap<string, RValue>;
  callDepth: number;
}

/** Budget entries already charged, per shared budget object (one client request). */
const chargedPaths = new WeakMap<AccessBudget, Set<string>>();

export function conditionFrame(ctx: EvalContext): Frame {
  const vars = new Map(ctx.globals);
  for (const bindings of ctx.chain) for (const [k, v] of bindings) vars.set(k, v);
  return { vars, callDepth: 0 };
}

export async function evaluate(e: Expr, frame: Frame, ctx: EvalContext): Promise<RValue> {
  if (++ctx.steps > MAX_STEPS) fail(`Evaluation exceeded ${MAX_STEPS} steps.`);
  switch (e.kind) {
    case "literal":
      return e.value;
    case "ident": {
      const v = frame.vars.get(e.name);
      if (v === undefined) fail(`Variable '${e.name}' is not defined here.`);
      return v;
    }
    case "path":
      return evalPath(e.segments, frame, ctx);
    case "list": {
      const out: RValue[] = [];
      for (const item of e.items) out.push(await evaluate(item, frame, ctx));
      return out;
    }
    case "map": {
      const entries = new Map<string, RValue>();
      for (const [k, v] of e.entries) {
        const key = await evaluate(k, frame, ctx);
        if (typeof key !== "string") fail(`Map keys must be strings, got ${typeOf(key)}.`);
        entries.set(key, await evaluate(v, frame, ctx));
      }
      return new RMap(entries);
    }
    case "unary": {
      const v = await evaluate(e.operand, frame, ctx);
      return e.op === "!" ? not(v) : negate(v);
    }
    case "binary":
      return evalBinary(e, frame, ctx);
    case "ternary": {
      const test = await evaluate(e.test, frame, ctx);
      if (typeof test !== "boolean") fail(`Condition of '?:' must be a bool, got ${typeOf(test)}.`);
      return evaluate(test ? e.then : e.otherwise, frame, ctx);
    }
    case "is":
      return isType(await evaluate(e.operand, frame, ctx), e.typeName);
    case "member":
      return member(await evaluate(e.object, frame, ctx), e.name);
    case "index":
      return index(await evaluate(e.object, frame, ctx), await evaluate(e.index, frame, ctx));
    case "range": {
      const obj = await evaluate(e.object, frame, ctx);
      const from = e.from ? await evaluate(e.from, frame, ctx) : null;
      const to = e.to ? await evaluate(e.to, frame, ctx) : null;
      return range(obj, from, to);
    }
    case "call": {
      const args: RValue[] = [];
      for (const a of e.args) args.push(await evaluate(a, frame, ctx));
      if (e.decl) return callFunction(e.decl, args, frame, ctx);
      switch (e.name) {
        case "get":
          return readDocument("get", args[0]!, ctx);
        case "getAfter":
          return readDocument("getAfter", args[0]!, ctx);
        case "exists":
          return (await readDocument("get", args[0]!, ctx)) !== null;
        case "existsAfter":
          return (await readDocument("getAfter", args[0]!, ctx)) !== null;
        case "debug":
          ctx.onDebug?.(show(args[0]!));
          return args[0]!;
      }
      return callGlobal(e.name, args);
    }
    case "nscall": {
      const args: RValue[] = [];
      for (const a of e.args) args.push(await evaluate(a, frame, ctx));
      if (e.namespace === "firestore") {
        const doc = await readDocument("firestore", args[0]!, ctx);
        return e.name === "exists" ? doc !== null : doc;
      }
      return callNamespace(e.namespace, e.name, args);
    }
    case "method": {
      const receiver = await evaluate(e.object, frame, ctx);
      const args: RValue[] = [];
      for (const a of e.args) args.push(await evaluate(a, frame, ctx));
      return callMethod(receiver, e.name, args);
    }
  }
}

/** `&&`/`||` short-circuit; an error on one side is absorbed when the other side decides. */
async function evalLogical(
  op: "&&" | "||",
  e: { left: Expr; right: Expr },
  frame: Frame,
  ctx: EvalContext,
): Promise<boolean> {
  const decisive = op === "||";
  const side = async (x: Expr): Promise<boolean | RulesEvalError> => {
    try {
      const v = await evaluate(x, frame, ctx);
      if (typeof v !== "boolean") fail(`Operator '${op}' needs bool operands, got ${typeOf(v)}.`);
      return v;
    } catch (err) {
      if (err instanceof RulesEvalError) return err;
      throw err;
    }
  };
  const left = await side(e.left);
  if (left === decisive) return decisive;
  const right = await side(e.right);
  if (right === decisive) return decisive;
  if (left instanceof RulesEvalError) throw left;
  if (right instanceof RulesEvalError) throw right;
  return !decisive;
}

async function evalBinary(
  e: Extract<Expr, { kind: "binary" }>,
  frame: Frame,
  ctx: EvalContext,
): Promise<RValue> {
  if (e.op === "&&" || e.op === "||") return evalLogical(e.op, e, frame, ctx);
  const a = await evaluate(e.left, frame, ctx);
  const b = await evaluate(e.right, frame, ctx);
  switch (e.op) {
    case "==":
      return equals(a, b);
    case "!=":
      return !equals(a, b);
    case "<":
    case "<=":
    case ">":
    case ">=":
      return relational(e.op, a, b);
    case "in":
      return contains(b, a);
    case "+":
      return add(a, b);
    case "-":
      return subtract(a, b);
    case "*":
      return multiply(a, b);
    case "/":
      return divide(a, b);
    case "%":
      return modulo(a, b);
  }
}

async function callFunction(
  decl: FunctionDecl,
  args: RValue[],
  caller: Frame,
  ctx: EvalContext,
): Promise<RValue> {
  if (caller.callDepth >= MAX_CALL_DEPTH) {
    fail(`Function call depth exceeded the maximum of ${MAX_CALL_DEPTH} (in '${decl.name}').`);
  }
  const vars = new Map(ctx.globals);
  for (const bindings of ctx.chain.slice(0, decl.depth))
    for (const [k, v] of bindings) vars.set(k, v);
  decl.params.forEach((p, i) => vars.set(p, args[i]!));
  const frame: Frame = { vars, callDepth: caller.callDepth + 1 };
  for (const binding of decl.lets)
    vars.set(binding.name, await evaluate(binding.value, frame, ctx));
  return evaluate(decl.body, frame, ctx);
}

async function evalPath(
  segments: Extract<Expr, { kind: "path" }>["segments"],
  frame: Frame,
  ctx: EvalContext,
) {
  const out: string[] = [];
  for (const parts of segments) {
    if (parts.length === 1 && typeof parts[0] !== "string") {
      // A whole-segment interpolation of a path splices its segments in.
      const v = await evaluate(parts[0]!, frame, ctx);
      if (v instanceof RPath) out.push(...v.segments);
      else out.push(segmentText(v));
      continue;
    }
    let text = "";
    for (const part of parts)
      text += typeof part === "string" ? part : segmentText(await evaluate(part, frame, ctx));
    out.push(text);
  }
  return new RPath(out);
}

function member(obj: RValue, name: string): RValue {
  if (obj === null) fail(`Null value error: cannot read property '${name}' of null.`);
  if (!(obj instanceof RMap)) fail(`Cannot read property '${name}' of ${typeOf(obj)}.`);
  const v = obj.entries.get(name);
  if (v === undefined) fail(`Property '${name}' is undefined on object.`);
  return v;
}

function index(obj: RValue, key: RValue): RValue {
  if (obj === null) fail("Null value error: cannot index null.");
  if (obj instanceof RMap) {
    if (typeof key !== "string") fail(`Map index must be a string, got ${typeOf(key)}.`);
    const v = obj.entries.get(key);
    if (v === undefined) fail(`Property '${key}' is undefined on object.`);
    return v;
  }
  if (typeof key !== "bigint") fail(`Index must be an int, got ${typeOf(key)}.`);
  if (isList(obj)) return at(obj, key);
  if (typeof obj === "string") return at([...obj], key);
  if (obj instanceof RPath) return at(obj.segments, key);
  return fail(`Cannot index ${typeOf(obj)}.`);
}

function at<T>(items: readonly T[], i: bigint): T {
  if (i < 0n || i >= BigInt(items.length)) fail(`Index ${i} out of range (size ${items.length}).`);
  return items[Number(i)]!;
}

function range(obj: RValue, from: RValue, to: RValue): RValue {
  const chars = typeof obj === "string" ? [...obj] : null;
  const items = chars ?? (isList(obj) ? obj : fail(`Range is not defined for ${typeOf(obj)}.`));
  const n = BigInt(items.length);
  const lo = from === null ? 0n : from;
  const hi = to === null ? n : to;
  if (typeof lo !== "bigint" || typeof hi !== "bigint") fail("Range bounds must be ints.");
  if (lo < 0n || hi > n || lo > hi) fail(`Range [${lo}:${hi}] out of bounds (size ${n}).`);
  const slice = items.slice(Number(lo), Number(hi));
  return chars ? (slice as string[]).join("") : slice;
}

/** A Firestore document as rules see it: `data`, `id` and `__name__`. */
export function resourceFromDocument(doc: FirestoreDocument | null): RValue {
  if (!doc) return null;
  const name = pathFromResourceName(doc.name);
  return RMap.of({
    data: fromFirestoreFields(doc.fields ?? {}),
    id: name.segments[name.segments.length - 1] ?? "",
    __name__: name,
  });
}

async function readDocument(
  kind: "get" | "getAfter" | "firestore",
  target: RValue,
  ctx: EvalContext,
): Promise<RValue> {
  const fnName = kind === "firestore" ? "firestore.get" : kind;
  if (!(target instanceof RPath)) fail(`${fnName}() expects a path, got ${typeOf(target)}.`);
  const s = target.segments;
  if (s[0] !== "databases" || s[2] !== "documents" || s.length < 5 || (s.length - 3) % 2 !== 0) {
    fail(
      `${fnName}(): ${target.toString()} is not a document path (/databases/{db}/documents/...).`,
    );
  }
  const reader = ctx.readers[kind];
  if (!reader) {
    fail(
      kind === "getAfter"
        ? "getAfter()/existsAfter() are only available on writes."
        : `${fnName}() has no document reader.`,
    );
  }
  const key = `${kind === "getAfter" ? "after" : "before"}:${target.toString()}`;
  const cached = ctx.cache.get(key);
  if (cached !== undefined) return cached;
  let charged = chargedPaths.get(ctx.budget);
  if (!charged) chargedPaths.set(ctx.budget, (charged = new Set()));
  if (!charged.has(key)) {
    if (ctx.budget.used >= ctx.budget.limit) {
      fail(`Exceeded the maximum of ${ctx.budget.limit} document access calls.`);
    }
    ctx.budget.used++;
    charged.add(key);
  }
  const doc = await reader.get(target.toString());
  const resource = resourceFromDocument(doc);
  ctx.cache.set(key, resource);
  return resource;
}
