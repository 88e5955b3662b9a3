/**
 * Recursive-descent parser for rules files. Syntax errors throw RulesLoadError with the
 * position of the offending token; name resolution happens afterwards in resolve.ts.
 */
import type { RulesService } from "./api.js";
import type {
  AllowMethod,
  AllowStmt,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchBlock,
  PathPart,
  PatternSegment,
  Pos,
  Ruleset,
} from "./ast.js";
import { Lexer, PATH_CHAR, type Token } from "./lexer.js";
import { INT64_MAX, INT64_MIN, RBytes } from "./values.js";

export const NAMESPACES = new Set([
  "math",
  "timestamp",
  "duration",
  "latlng",
  "hashing",
  "firestore",
]);

export const TYPE_NAMES = new Set([
  "bool",
  "bytes",
  "float",
  "int",
  "list",
  "latlng",
  "number",
  "path",
  "map",
  "set",
  "string",
  "timestamp",
  "duration",
  "constraint",
  "map_diff",
]);

const ALLOW_METHODS = new Set<AllowMethod>([
  "read",
  "write",
  "get",
  "list",
  "create",
  "update",
  "delete",
]);

const SERVICES: Record<string, RulesService> = {
  "cloud.firestore": "cloud.firestore",
  "firebase.storage": "firebase.storage",
};

/** Bounds on expression size, so evaluation stays far from the JS stack limit. */
const MAX_NESTING = 100;
const MAX_CHAIN = 500;

export function parseRules(source: string, fileName: string): Ruleset {
  return new Parser(new Lexer(source, fileName)).parseFile();
}

class Parser {
  private cur: Token;
  private nesting = 0;

  constructor(private readonly lex: Lexer) {
    this.cur = lex.next();
  }

  // ---- token helpers -------------------------------------------------------------------------

  private advance(): Token {
    const t = this.cur;
    this.cur = this.lex.next();
    return t;
  }

  private is(text: string, kind: "punct" | "ident" = "punct"): boolean {
    return this.cur.kind === kind && this.cur.text === text;
  }

  private accept(text: string, kind: "punct" | "ident" = "punct"): boolean {
    if (!this.is(text, kind)) return false;
    this.advance();
    return true;
  }

  private expect(text: string, kind: "punct" | "ident" = "punct"): Token {
    if (!this.is(text, kind)) throw this.unexpected(`'${text}'`);
    return this.advance();
  }

  private expectIdent(what: string): Token {
    if (this.cur.kind !== "ident") throw this.unexpected(what);
    return this.advance();
  }

  private unexpected(expected: string): Error {
    const found =
      this.cur.kind === "eof"
        ? "end of file"
        : `'${this.lex.source.slice(this.cur.start, this.cur.end)}'`;
    return this.lex.error(this.cur.start, `Expected ${expected} but found ${found}.`);
  }

  private pos(t: Token = this.cur): Pos {
    return { line: t.line, column: t.column };
  }

  // ---- file structure ------------------------------------------------------------------------

  parseFile(): Ruleset {
    let version: "1" | "2" = "1";
    if (this.is("rules_version", "ident")) {
      this.advance();
      this.expect("=");
      const v = this.cur;
      if (v.kind !== "string" || (v.text !== "1" && v.text !== "2")) {
        throw this.lex.error(v.start, "rules_version must be '1' or '2'.");
      }
      version = v.text;
      this.advance();
      this.accept(";");
    }
    if (!this.is("service", "ident")) throw this.unexpected("'service'");
    this.advance();
    const nameStart = this.cur;
    let name = this.expectIdent("a service name").text;
    while (this.accept(".")) name += "." + this.expectIdent("a service name").text;
    const service = SERVICES[name];
    if (!service) {
      throw this.lex.error(
        nameStart.start,
        `Unknown service '${name}' (supported: cloud.firestore, firebase.storage).`,
      );
    }
    this.expect("{");
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.is("}")) {
      if (this.is("function", "ident")) functions.push(this.parseFunction(0));
      else if (this.is("match", "ident")) matches.push(this.parseMatch(1, version));
      else if (this.is("allow", "ident")) {
        throw this.lex.error(this.cur.start, "'allow' must be inside a 'match' block.");
      } else throw this.unexpected("'match', 'function' or '}'");
    }
    this.expect("}");
    if (this.cur.kind !== "eof") {
      if (this.is("service", "ident")) {
        throw this.lex.error(
          this.cur.start,
          "Only one 'service' block per rules file is supported.",
        );
      }
      throw this.unexpected("end of file");
    }
    return { version, service, functions, matches };
  }

  private parseMatch(depth: number, version: "1" | "2"): MatchBlock {
    const matchTok = this.cur; // 'match'; the lexer sits right after it
    const pathStart = this.lex.pos;
    const pattern = this.readMatchPattern(version);
    const patternText = this.lex.source.slice(pathStart, this.lex.pos).trim();
    this.cur = this.lex.next();
    this.expect("{");
    const block: MatchBlock = {
      ...this.pos(matchTok),
      pattern,
      patternText,
      functions: [],
      allows: [],
      matches: [],
    };
    while (!this.is("}")) {
      if (this.is("function", "ident")) block.functions.push(this.parseFunction(depth));
      else if (this.is("match", "ident")) block.matches.push(this.parseMatch(depth + 1, version));
      else if (this.is("allow", "ident")) block.allows.push(this.parseAllow());
      else throw this.unexpected("'allow', 'match', 'function' or '}'");
    }
    this.expect("}");
    return block;
  }

  /** Reads `/seg/{w}/{r=**}` directly from the source. */
  private readMatchPattern(version: "1" | "2"): PatternSegment[] {
    const lex = this.lex;
    lex.skipTrivia();
    if (lex.peekChar() !== "/")
      throw lex.error(lex.pos, "Expected a match path starting with '/'.");
    const segments: PatternSegment[] = [];
    while (lex.peekChar() === "/") {
      lex.pos++;
      const segStart = lex.pos;
      if (lex.peekChar() === "{") {
        const close = lex.source.indexOf("}", lex.pos);
        if (close < 0) throw lex.error(segStart, "Unterminated wildcard.");
        const inner = lex.source.slice(lex.pos + 1, close);
        const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:=\s*(\*\*|\*)\s*)?$/.exec(inner);
        if (!m) throw lex.error(segStart, `Invalid wildcard '{${inner}}'.`);
        if (m[2] === "**") segments.push({ kind: "recursive", name: m[1]! });
        else segments.push({ kind: "wildcard", name: m[1]! });
        lex.pos = close + 1;
      } else {
        let text = "";
        while (PATH_CHAR.test(lex.peekChar()) || lex.peekChar() === "(" || lex.peekChar() === ")") {
          text += lex.peekChar();
          lex.pos++;
        }
        if (text === "") throw lex.error(segStart, "Empty segment in match path.");
        segments.push({ kind: "literal", text });
      }
      const last = segments[segments.length - 1]!;
      if (last.kind === "recursive") {
        const recursiveCount = segments.filter((s) => s.kind === "recursive").length;
        if (recursiveCount > 1) {
          throw lex.error(segStart, "Only one recursive wildcard is allowed per match path.");
        }
        if (version === "1" && lex.peekChar() === "/") {
          throw lex.error(
            segStart,
            "In rules_version '1' a recursive wildcard must be the last segment.",
          );
        }
      }
    }
    return segments;
  }

  private parseAllow(): AllowStmt {
    const allowTok = this.advance();
    const methods: AllowMethod[] = [];
    do {
      const t = this.cur;
      if (t.kind !== "ident" || !ALLOW_METHODS.has(t.text as AllowMethod)) {
        throw this.lex.error(
          t.start,
          `Unknown allow method '${this.lex.source.slice(t.start, t.end)}' (expected read, write, get, list, create, update or delete).`,
        );
      }
      methods.push(t.text as AllowMethod);
      this.advance();
    } while (this.accept(","));
    let condition: Expr | null = null;
    if (this.accept(":")) {
      this.expect("if", "ident");
      condition = this.parseExpr();
    }
    if (!this.accept(";") && !this.is("}")) throw this.unexpected("';'");
    return { ...this.pos(allowTok), methods, condition };
  }

  private parseFunction(depth: number): FunctionDecl {
    const fnTok = this.advance();
    const name = this.expectIdent("a function name").text;
    this.expect("(");
    const params: string[] = [];
    if (!this.is(")")) {
      do params.push(this.expectIdent("a parameter name").text);
      while (this.accept(","));
    }
    this.expect(")");
    this.expect("{");
    const lets: FunctionDecl["lets"] = [];
    while (this.is("let", "ident")) {
      const letTok = this.advance();
      const letName = this.expectIdent("a variable name").text;
      this.expect("=");
      lets.push({ ...this.pos(letTok), name: letName, value: this.parseExpr() });
      this.expect(";");
    }
    if (!this.is("return", "ident")) throw this.unexpected("'let' or 'return'");
    this.advance();
    const body = this.parseExpr();
    this.accept(";");
    this.expect("}");
    return { ...this.pos(fnTok), name, params, lets, body, depth };
  }

  // ---- expressions ---------------------------------------------------------------------------

  parseExpr(): Expr {
    if (++this.nesting > MAX_NESTING)
      throw this.lex.error(this.cur.start, "Expression nested too deeply.");
    try {
      return this.parseTernary();
    } finally {
      this.nesting--;
    }
  }

  private parseTernary(): Expr {
    const test = this.parseBinary(0);
    if (!this.is("?")) return test;
    this.advance();
    const then = this.parseExpr();
    this.expect(":");
    const otherwise = this.parseExpr();
    return { line: test.line, column: test.column, kind: "ternary", test, then, otherwise };
  }

  private static readonly LEVELS: string[][] = [
    ["||"],
    ["&&"],
    ["==", "!=", "<", "<=", ">", ">=", "in", "is"],
    ["+", "-"],
    ["*", "/", "%"],
  ];

  private parseBinary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary();
    const ops = Parser.LEVELS[level]!;
    let left = this.parseBinary(level + 1);
    for (let chain = 0; ; chain++) {
      const t = this.cur;
      if (chain > MAX_CHAIN)
        throw this.lex.error(t.start, `More than ${MAX_CHAIN} chained operators.`);
      const isOp =
        (t.kind === "punct" && ops.includes(t.text)) ||
        (t.kind === "ident" && (t.text === "in" || t.text === "is") && ops.includes(t.text));
      if (!isOp) return left;
      this.advance();
      if (t.text === "is") {
        const typeTok = this.cur;
        if (typeTok.kind !== "ident" || !TYPE_NAMES.has(typeTok.text)) {
          throw this.lex.error(
            typeTok.start,
            `Unknown type name after 'is' (expected one of ${[...TYPE_NAMES].join(", ")}).`,
          );
        }
        this.advance();
        left = { ...this.pos(t), kind: "is", operand: left, typeName: typeTok.text };
        continue;
      }
      const right = this.parseBinary(level + 1);
      left = { ...this.pos(t), kind: "binary", op: t.text as BinaryOp, left, right };
    }
  }

  private parseUnary(): Expr {
    const t = this.cur;
    if (this.accept("!"))
      return { ...this.pos(t), kind: "unary", op: "!", operand: this.parseUnary() };
    if (this.accept("-")) {
      // Fold negative literals so that the most negative int64 is expressible.
      if (this.cur.kind === "int" || this.cur.kind === "float") {
        const lit = this.advance();
        const value = lit.kind === "int" ? -BigInt(lit.text) : -Number(lit.text);
        if (typeof value === "bigint" && value < INT64_MIN) {
          throw this.lex.error(lit.start, "Integer literal out of the 64-bit range.");
        }
        return this.parsePostfix({ ...this.pos(t), kind: "literal", value });
      }
      return { ...this.pos(t), kind: "unary", op: "-", operand: this.parseUnary() };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(expr: Expr): Expr {
    for (;;) {
      const t = this.cur;
      if (this.accept(".")) {
        const name = this.expectIdent("a field or method name").text;
        if (this.is("(")) {
          expr = { ...this.pos(t), kind: "method", object: expr, name, args: this.parseArgs() };
        } else {
          expr = { ...this.pos(t), kind: "member", object: expr, name };
        }
      } else if (this.accept("[")) {
        let from: Expr | null = null;
        if (!this.is(":")) from = this.parseExpr();
        if (this.accept(":")) {
          const to = this.is("]") ? null : this.parseExpr();
          this.expect("]");
          expr = { ...this.pos(t), kind: "range", object: expr, from, to };
        } else {
          this.expect("]");
          expr = { ...this.pos(t), kind: "index", object: expr, index: from! };
        }
      } else {
        return expr;
      }
    }
  }

  private parseArgs(): Expr[] {
    this.expect("(");
    const args: Expr[] = [];
    if (!this.is(")")) {
      do args.push(this.parseExpr());
      while (this.accept(","));
    }
    this.expect(")");
    return args;
  }

  private parsePrimary(): Expr {
    const t = this.cur;
    const pos = this.pos(t);
    switch (t.kind) {
      case "int": {
        this.advance();
        const value = BigInt(t.text);
        if (value > INT64_MAX)
          throw this.lex.error(t.start, "Integer literal out of the 64-bit range.");
        return { ...pos, kind: "literal", value };
      }
      case "float":
        this.advance();
        return { ...pos, kind: "literal", value: Number(t.text) };
      case "string":
        this.advance();
        return { ...pos, kind: "literal", value: t.text };
      case "bytes":
        this.advance();
        return { ...pos, kind: "literal", value: new RBytes(t.bytes ?? new Uint8Array()) };
      case "ident":
        return this.parseIdentifier();
      case "punct":
        if (t.text === "(") {
          this.advance();
          const inner = this.parseExpr();
          this.expect(")");
          return inner;
        }
        if (t.text === "[") {
          this.advance();
          const items: Expr[] = [];
          if (!this.is("]")) {
            do {
              if (this.is("]")) break; // trailing comma
              items.push(this.parseExpr());
            } while (this.accept(","));
          }
          this.expect("]");
          return { ...pos, kind: "list", items };
        }
        if (t.text === "{") {
          this.advance();
          const entries: [Expr, Expr][] = [];
          if (!this.is("}")) {
            do {
              if (this.is("}")) break;
              const key = this.parseExpr();
              this.expect(":");
              entries.push([key, this.parseExpr()]);
            } while (this.accept(","));
          }
          this.expect("}");
          return { ...pos, kind: "map", entries };
        }
        if (t.text === "/") return this.parsePathLiteral();
        break;
      default:
        break;
    }
    throw this.unexpected("an expression");
  }

  private parseIdentifier(): Expr {
    const t = this.advance();
    const pos = this.pos(t);
    switch (t.text) {
      case "true":
        return { ...pos, kind: "literal", value: true };
      case "false":
        return { ...pos, kind: "literal", value: false };
      case "null":
        return { ...pos, kind: "literal", value: null };
    }
    if (NAMESPACES.has(t.text) && this.is(".")) {
      this.advance();
      const name = this.expectIdent(`a function of '${t.text}'`);
      if (!this.is("(")) {
        throw this.lex.error(name.start, `'${t.text}.${name.text}' must be called as a function.`);
      }
      return { ...pos, kind: "nscall", namespace: t.text, name: name.text, args: this.parseArgs() };
    }
    if (this.is("(")) return { ...pos, kind: "call", name: t.text, args: this.parseArgs() };
    return { ...pos, kind: "ident", name: t.text };
  }

  /** `/a/$(expr)/b`: read from the raw source, with `$(...)` parsed as expressions. */
  private parsePathLiteral(): Expr {
    const lex = this.lex;
    const pos = this.pos();
    lex.pos = this.cur.start;
    const segments: PathPart[][] = [];
    const startsSegment = (): boolean =>
      PATH_CHAR.test(lex.peekChar()) ||
      lex.peekChar() === "(" ||
      (lex.peekChar() === "$" && lex.peekChar(1) === "(");
    while (lex.peekChar() === "/") {
      lex.pos++;
      if (!startsSegment()) {
        if (segments.length === 0) throw lex.error(lex.pos, "Expected a path segment after '/'.");
        lex.pos--;
        break;
      }
      const parts: PathPart[] = [];
      let text = "";
      if (lex.peekChar() === "(") {
        // A parenthesised literal segment such as (default).
        const close = lex.source.indexOf(")", lex.pos);
        if (close < 0) throw lex.error(lex.pos, "Unterminated path segment.");
        text = lex.source.slice(lex.pos, close + 1);
        lex.pos = close + 1;
      }
      for (;;) {
        if (lex.peekChar() === "$" && lex.peekChar(1) === "(") {
          if (text) parts.push(text);
          text = "";
          lex.pos += 2;
          this.cur = lex.next();
          parts.push(this.parseExpr());
          if (!this.is(")")) throw this.unexpected("')' closing '$('");
          lex.pos = this.cur.end;
        } else if (PATH_CHAR.test(lex.peekChar())) {
          text += lex.peekChar();
          lex.pos++;
        } else {
          break;
        }
      }
      if (text) parts.push(text);
      segments.push(parts);
    }
    this.cur = lex.next();
    return { ...pos, kind: "path", segments };
  }
}
