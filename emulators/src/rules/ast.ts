/** Syntax tree of a rules file, as produced by the parser and annotated by the resolver. */
import type { RulesService } from "./api.js";
import type { RValue } from "./values.js";

export interface Pos {
  line: number;
  column: number;
}

export type BinaryOp =
  "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "+" | "-" | "*" | "/" | "%";

/** One piece of a path-literal segment: literal text or an interpolated `$(expr)`. */
export type PathPart = string | Expr;

export type Expr = Pos &
  (
    | { kind: "literal"; value: RValue }
    | { kind: "ident"; name: string }
    | { kind: "path"; segments: PathPart[][] }
    | { kind: "list"; items: Expr[] }
    | { kind: "map"; entries: [Expr, Expr][] }
    | { kind: "unary"; op: "!" | "-"; operand: Expr }
    | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr }
    | { kind: "ternary"; test: Expr; then: Expr; otherwise: Expr }
    | { kind: "is"; operand: Expr; typeName: string }
    | { kind: "member"; object: Expr; name: string }
    | { kind: "index"; object: Expr; index: Expr }
    | { kind: "range"; object: Expr; from: Expr | null; to: Expr | null }
    /** A call of a plain name: a user function (decl set by the resolver) or a global builtin. */
    | { kind: "call"; name: string; args: Expr[]; decl?: FunctionDecl }
    | { kind: "method"; object: Expr; name: string; args: Expr[] }
    | { kind: "nscall"; namespace: string; name: string; args: Expr[] }
  );

export interface LetBinding extends Pos {
  name: string;
  value: Expr;
}

export interface FunctionDecl extends Pos {
  name: string;
  params: string[];
  lets: LetBinding[];
  body: Expr;
  /** Number of enclosing match blocks: their wildcards are visible inside the body. */
  depth: number;
}

export type AllowMethod = "read" | "write" | "get" | "list" | "create" | "update" | "delete";

export interface AllowStmt extends Pos {
  methods: AllowMethod[];
  condition: Expr | null;
}

export type PatternSegment =
  | { kind: "literal"; text: string }
  | { kind: "wildcard"; name: string }
  | { kind: "recursive"; name: string };

export interface MatchBlock extends Pos {
  pattern: PatternSegment[];
  /** Source text of the pattern, for reasons and errors. */
  patternText: string;
  functions: FunctionDecl[];
  allows: AllowStmt[];
  matches: MatchBlock[];
}

export interface Ruleset {
  version: "1" | "2";
  service: RulesService;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
