/**
 * Refusals of the business layer, below HTTP: a code naming the kind of refusal and the Turkish
 * message of common/src/messages.ts for the user. Services and infra throw these; the http layer
 * alone turns a code into a status (http/errors.ts), so services never know about HTTP.
 */
import { messages } from "@platform/common";

export type DomainErrorCode =
  /** The input breaks a rule (a wrong code, a bad IBAN, a page past the last). */
  | "INVALID"
  /** The caller has to prove who they are again (a wrong password, a stale sign-in). */
  | "UNAUTHENTICATED"
  /** The caller may not do this. */
  | "FORBIDDEN"
  | "NOT_FOUND"
  /** The state of the data does not allow it (already done, locked, filled). */
  | "CONFLICT"
  /** It existed but its time is over (an expired code). */
  | "EXPIRED"
  /** A budget of attempts is spent; `retryAfter` says how long to wait when known. */
  | "TOO_MANY_ATTEMPTS";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Fields the answer carries besides the message (`reason`, `retryAfter`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string, extra?: Record<string, unknown>) =>
  new DomainError("INVALID", message, extra);
export const unauthenticated = (message: string) => new DomainError("UNAUTHENTICATED", message);
export const forbidden = (
  message: string = messages.general.forbidden,
  extra?: Record<string, unknown>,
) => new DomainError("FORBIDDEN", message, extra);
export const notFound = (message: string, extra?: Record<string, unknown>) =>
  new DomainError("NOT_FOUND", message, extra);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new DomainError("CONFLICT", message, extra);
export const expired = (message: string) => new DomainError("EXPIRED", message);
export const tooManyAttempts = (message: string, retryAfterSeconds?: number) =>
  new DomainError(
    "TOO_MANY_ATTEMPTS",
    message,
    retryAfterSeconds === undefined ? {} : { retryAfter: retryAfterSeconds },
  );

export const isDomainError = (err: unknown, code?: DomainErrorCode): err is DomainError =>
  err instanceof DomainError && (code === undefined || err.code === code);
