/**
 * Tokenizer for rules source. It is pulled one token at a time by the parser, because two
 * constructs are lexed by context rather than by character: `match` paths (`/users/{id=**}`)
 * and path literals inside expressions (`/databases/$(database)/documents/x`), where `/` would
 * otherwise read as division.
 */
import { RulesLoadError } from "./api.js";

export type TokenKind = "ident" | "int" | "float" | "string" | "bytes" | "punct" | "eof";

export interface Token {
  kind: TokenKind;
  /** Identifier name, punctuation text, or the decoded string literal. */
  text: string;
  bytes?: Uint8Array;
  start: number;
  end: number;
  line: number;
  column: number;
}

const PUNCT = [
  "&&",
  "||",
  "==",
  "!=",
  "<=",
  ">=",
  "<",
  ">",
  "=",
  "!",
  "+",
  "-",
  "*",
  "/",
  "%",
  "?",
  ":",
  ";",
  ",",
  ".",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
];

/** Characters of a literal path segment (match paths and path literals). */
export const PATH_CHAR = /[A-Za-z0-9_~%@+\-.:]/;

export class Lexer {
  pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly source: string,
    readonly fileName: string,
  ) {
    for (let i = 0; i < source.length; i++) if (source[i] === "\n") this.lineStarts.push(i + 1);
  }

  location(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  error(offset: number, detail: string): RulesLoadError {
    const { line, column } = this.location(offset);
    return new RulesLoadError(this.fileName, line, column, detail);
  }

  peekChar(offset = 0): string {
    return this.source[this.pos + offset] ?? "";
  }

  skipTrivia(): void {
    const s = this.source;
    for (;;) {
      const c = s[this.pos];
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\uFEFF") {
        this.pos++;
      } else if (c === "/" && s[this.pos + 1] === "/") {
        while (this.pos < s.length && s[this.pos] !== "\n") this.pos++;
      } else if (c === "/" && s[this.pos + 1] === "*") {
        const close = s.indexOf("*/", this.pos + 2);
        if (close < 0) throw this.error(this.pos, "Unterminated block comment.");
        this.pos = close + 2;
      } else {
        return;
      }
    }
  }

  private token(kind: TokenKind, text: string, start: number, bytes?: Uint8Array): Token {
    const { line, column } = this.location(start);
    return { kind, text, start, end: this.pos, line, column, ...(bytes ? { bytes } : {}) };
  }

  next(): Token {
    this.skipTrivia();
    const s = this.source;
    const start = this.pos;
    if (start >= s.length) return this.token("eof", "", start);
    const c = s[start]!;

    if ((c === "b" || c === "r") && (s[start + 1] === "'" || s[start + 1] === '"')) {
      this.pos++;
      const raw = c === "r";
      const text = this.readQuoted(raw, c === "b");
      if (c === "b") return this.token("bytes", "", start, text.bytes);
      return this.token("string", text.text, start);
    }
    if (/[A-Za-z_]/.test(c)) {
      while (this.pos < s.length && /[A-Za-z0-9_]/.test(s[this.pos]!)) this.pos++;
      return this.token("ident", s.slice(start, this.pos), start);
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(s[start + 1] ?? "")))
      return this.readNumber();
    if (c === "'" || c === '"') {
      return this.token("string", this.readQuoted(false, false).text, start);
    }
    for (const p of PUNCT) {
      if (s.startsWith(p, start)) {
        this.pos += p.length;
        return this.token("punct", p, start);
      }
    }
    throw this.error(start, `Unexpected character ${JSON.stringify(c)}.`);
  }

  private readNumber(): Token {
    const s = this.source;
    const start = this.pos;
    if (s[start] === "0" && (s[start + 1] === "x" || s[start + 1] === "X")) {
      this.pos += 2;
      while (/[0-9a-fA-F]/.test(s[this.pos] ?? "")) this.pos++;
      return this.token("int", BigInt(s.slice(start, this.pos)).toString(), start);
    }
    let isFloat = false;
    while (/[0-9]/.test(s[this.pos] ?? "")) this.pos++;
    if (s[this.pos] === "." && /[0-9]/.test(s[this.pos + 1] ?? "")) {
      isFloat = true;
      this.pos++;
      while (/[0-9]/.test(s[this.pos] ?? "")) this.pos++;
    }
    if (/[eE]/.test(s[this.pos] ?? "") && /[-+0-9]/.test(s[this.pos + 1] ?? "")) {
      isFloat = true;
      this.pos++;
      if (s[this.pos] === "+" || s[this.pos] === "-") this.pos++;
      if (!/[0-9]/.test(s[this.pos] ?? "")) throw this.error(this.pos, "Malformed number.");
      while (/[0-9]/.test(s[this.pos] ?? "")) this.pos++;
    }
    if (/[A-Za-z_]/.test(s[this.pos] ?? "")) throw this.error(this.pos, "Malformed number.");
    return this.token(isFloat ? "float" : "int", s.slice(start, this.pos), start);
  }

  /** Reads a quoted literal starting at the quote; escapes follow the documented string forms. */
  private readQuoted(raw: boolean, asBytes: boolean): { text: string; bytes: Uint8Array } {
    const s = this.source;
    const quote = s[this.pos]!;
    const open = this.pos;
    this.pos++;
    const out: number[] = [];
    const pushText = (t: string): void => {
      out.push(...Buffer.from(t, "utf8"));
    };
    for (;;) {
      if (this.pos >= s.length || s[this.pos] === "\n") {
        throw this.error(open, "Unterminated string literal.");
      }
      const ch = s[this.pos]!;
      if (ch === quote) {
        this.pos++;
        break;
      }
      if (ch !== "\\" || raw) {
        const cp = s.codePointAt(this.pos)!;
        const t = String.fromCodePoint(cp);
        pushText(t);
        this.pos += t.length;
        continue;
      }
      const e = s[this.pos + 1] ?? "";
      const simple: Record<string, string> = {
        n: "\n",
        t: "\t",
        r: "\r",
        b: "\b",
        f: "\f",
        v: "\v",
        a: "\x07",
        "\\": "\\",
        "'": "'",
        '"': '"',
        "?": "?",
        "`": "`",
      };
      if (e in simple) {
        pushText(simple[e]!);
        this.pos += 2;
      } else if (e === "x" || e === "X") {
        const hex = s.slice(this.pos + 2, this.pos + 4);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw this.error(this.pos, "Bad \\x escape.");
        if (asBytes) out.push(parseInt(hex, 16));
        else pushText(String.fromCharCode(parseInt(hex, 16)));
        this.pos += 4;
      } else if (/[0-7]/.test(e)) {
        const oct = s.slice(this.pos + 1, this.pos + 4);
        if (!/^[0-7]{3}$/.test(oct)) throw this.error(this.pos, "Bad octal escape.");
        if (asBytes) out.push(parseInt(oct, 8) & 0xff);
        else pushText(String.fromCharCode(parseInt(oct, 8)));
        this.pos += 4;
      } else if (e === "u" || e === "U") {
        const len = e === "u" ? 4 : 8;
        const hex = s.slice(this.pos + 2, this.pos + 2 + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) {
          throw this.error(this.pos, `Bad \\${e} escape.`);
        }
        pushText(String.fromCodePoint(parseInt(hex, 16)));
        this.pos += 2 + len;
      } else {
        throw this.error(this.pos, `Unknown escape sequence \\${e}.`);
      }
    }
    const bytes = Uint8Array.from(out);
    return { text: Buffer.from(bytes).toString("utf8"), bytes };
  }
}
