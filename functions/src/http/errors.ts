import { messages } from "@platform/common";
import { DomainError, type DomainErrorCode } from "../domain/errors.js";

/** An error whose status and Turkish message go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(400, message, extra);
export const unauthorized = (message: string = messages.general.unauthorized) =>
  new ApiError(401, message);
export const forbidden = (message: string = messages.general.forbidden) =>
  new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** The one place a refusal of the business layer becomes an HTTP status. */
export const STATUS_OF_DOMAIN_CODE: Record<DomainErrorCode, number> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EXPIRED: 410,
  TOO_MANY_ATTEMPTS: 429,
};

/** The answer an error becomes, or null for one that is no refusal (a bug, an outage). */
export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) {
    return new ApiError(STATUS_OF_DOMAIN_CODE[err.code], err.message, err.extra);
  }
  return null;
}

/** The status an error answers with, if it is a refusal (routes that react to a 401). */
export const statusOf = (err: unknown): number | undefined => toApiError(err)?.status;
