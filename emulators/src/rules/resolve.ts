/**
 * Load-time name resolution: binds every call to its function declaration and rejects unknown
 * variables, functions, namespace members and methods (and wrong argument counts) with a
 * RulesLoadError, so nothing the engine does not understand can reach evaluation.
 */
import { RulesLoadError } from "./api.js";
import type { Expr, FunctionDecl, MatchBlock, Pos, Ruleset } from "./ast.js";
import { NAMESPACES } from "./parser.js";
import { METHOD_ARITIES, globalFunctions, namespaceFunctions } from "./builtins.js";

interface Scope {
  vars: ReadonlySet<string>;
  /** Function tables from innermost to outermost (global last). */
  functions: readonly ReadonlyMap<string, FunctionDecl>[];
}

export function resolveRuleset(rules: Ruleset, fileName: string): void {
  const builtins = globalFunctions(rules.service);
  const namespaces = namespaceFunctions(rules.service);
  const err = (pos: Pos, detail: string): RulesLoadError =>
    new RulesLoadError(fileName, pos.line, pos.column, detail);

  const table = (decls: FunctionDecl[]): Map<string, FunctionDecl> => {
    const map = new Map<string, FunctionDecl>();
    for (const d of decls) {
      if (map.has(d.name))
        throw err(d, `Function '${d.name}' is declared twice in the same scope.`);
      map.set(d.name, d);
    }
    return map;
  };

  const checkExpr = (e: Expr, scope: Scope): void => {
    switch (e.kind) {
      case "literal":
        return;
      case "ident":
        if (!scope.vars.has(e.name)) {
          const hint = NAMESPACES.has(e.name)
            ? ` ('${e.name}' is a namespace: call its functions as ${e.name}.f(...))`
            : "";
          throw err(e, `Unknown variable '${e.name}'${hint}.`);
        }
        return;
      case "path":
        for (const seg of e.segments)
          for (const part of seg) if (typeof part !== "string") checkExpr(part, scope);
        return;
      case "list":
        e.items.forEach((i) => checkExpr(i, scope));
        return;
      case "map":
        for (const [k, v] of e.entries) {
          checkExpr(k, scope);
          checkExpr(v, scope);
        }
        return;
      case "unary":
        checkExpr(e.operand, scope);
        return;
      case "binary":
        checkExpr(e.left, scope);
        checkExpr(e.right, scope);
        return;
      case "ternary":
        checkExpr(e.test, scope);
        checkExpr(e.then, scope);
        checkExpr(e.otherwise, scope);
        return;
      case "is":
        checkExpr(e.operand, scope);
        return;
      case "member":
        checkExpr(e.object, scope);
        return;
      case "index":
        checkExpr(e.object, scope);
        checkExpr(e.index, scope);
        return;
      case "range":
        checkExpr(e.object, scope);
        if (e.from) checkExpr(e.from, scope);
        if (e.to) checkExpr(e.to, scope);
        return;
      case "call": {
        e.args.forEach((a) => checkExpr(a, scope));
        for (const fns of scope.functions) {
          const decl = fns.get(e.name);
          if (decl) {
            if (decl.params.length !== e.args.length) {
              throw err(
                e,
                `Function '${e.name}' takes ${decl.params.length} argument(s), got ${e.args.length}.`,
              );
            }
            e.decl = decl;
            return;
          }
        }
        const arity = builtins.get(e.name);
        if (arity === undefined) throw err(e, `Unknown function '${e.name}'.`);
        if (arity !== e.args.length) {
          throw err(e, `Function '${e.name}' takes ${arity} argument(s), got ${e.args.length}.`);
        }
        return;
      }
      case "nscall": {
        e.args.forEach((a) => checkExpr(a, scope));
        const ns = namespaces.get(e.namespace);
        if (!ns) throw err(e, `Namespace '${e.namespace}' is not available in this service.`);
        const arity = ns.get(e.name);
        if (arity === undefined) throw err(e, `Unknown function '${e.namespace}.${e.name}'.`);
        if (arity !== e.args.length) {
          throw err(
            e,
            `Function '${e.namespace}.${e.name}' takes ${arity} argument(s), got ${e.args.length}.`,
          );
        }
        return;
      }
      case "method": {
        checkExpr(e.object, scope);
        e.args.forEach((a) => checkExpr(a, scope));
        const arities = METHOD_ARITIES.get(e.name);
        if (!arities) throw err(e, `Unknown method '${e.name}'.`);
        if (!arities.includes(e.args.length)) {
          throw err(
            e,
            `Method '${e.name}' takes ${arities.join(" or ")} argument(s), got ${e.args.length}.`,
          );
        }
        return;
      }
    }
  };

  const checkFunction = (
    fn: FunctionDecl,
    wildcards: ReadonlySet<string>,
    functions: Scope["functions"],
  ): void => {
    const vars = new Set([...wildcards, ...fn.params]);
    for (const l of fn.lets) {
      checkExpr(l.value, { vars, functions });
      vars.add(l.name);
    }
    checkExpr(fn.body, { vars, functions });
  };

  const base = new Set(["request", "resource"]);
  const globalFns = table(rules.functions);
  for (const fn of rules.functions) checkFunction(fn, base, [globalFns]);

  const checkMatch = (
    block: MatchBlock,
    outerVars: ReadonlySet<string>,
    outerFns: Scope["functions"],
  ): void => {
    const vars = new Set(outerVars);
    for (const seg of block.pattern) if (seg.kind !== "literal") vars.add(seg.name);
    const functions = [table(block.functions), ...outerFns];
    for (const fn of block.functions) checkFunction(fn, vars, functions);
    for (const allow of block.allows)
      if (allow.condition) checkExpr(allow.condition, { vars, functions });
    for (const inner of block.matches) checkMatch(inner, vars, functions);
  };

  for (const top of rules.matches) {
    const [first, middle, last] = top.pattern;
    const expected = rules.service === "cloud.firestore" ? ["databases", "documents"] : ["b", "o"];
    const ok =
      top.pattern.length === 3 &&
      first?.kind === "literal" &&
      first.text === expected[0] &&
      middle?.kind !== "recursive" &&
      last?.kind === "literal" &&
      last.text === expected[1];
    if (!ok) {
      const want =
        rules.service === "cloud.firestore" ? "/databases/{database}/documents" : "/b/{bucket}/o";
      throw err(
        top,
        `Top-level match of service ${rules.service} must be 'match ${want}', found 'match ${top.patternText}'.`,
      );
    }
    checkMatch(top, base, [globalFns]);
  }
}
