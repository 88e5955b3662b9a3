import { messages } from "@platform/common";

/** The general texts of docs/product-rules.md#api-error-text that every call can end with. */
export const API_TEXTS = {
  noResponse: messages.general.noServerResponse,
  fallback: messages.general.error,
  newTokenMissing: messages.general.newAccessTokenMissing,
} as const;

/** Why a call failed: the server answered with an error status, or it never answered. */
export type ApiFailure = "status" | "no-response";

/**
 * A failed `/api` call. `status` is the HTTP status, 0 when no response arrived (network failure or
 * timeout after the retries). `message` is already the text to show (docs/product-rules.md#api-error-text order).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    readonly path: string,
    readonly failure: ApiFailure,
    /** The parsed response body, when there was one. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  get noResponse(): boolean {
    return this.failure === "no-response";
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}

/**
 * The text of a failed call (docs/product-rules.md#api-error-text): no response → the connection text; otherwise the server's
 * `message`, else the screen's own message, else 'Bir hata oluştu'.
 */
export function errorText(
  failure: { noResponse: boolean; body?: unknown },
  clientMessage?: string,
): string {
  if (failure.noResponse) return API_TEXTS.noResponse;
  return serverMessage(failure.body) ?? (clientMessage || API_TEXTS.fallback);
}

/**
 * The text to show for anything a call threw, with the screen's own message as the fallback
 * between the server's message and 'Bir hata oluştu'.
 */
export function messageOf(error: unknown, clientMessage?: string): string {
  if (error instanceof ApiError) {
    return errorText({ noResponse: error.noResponse, body: error.body }, clientMessage);
  }
  return clientMessage || API_TEXTS.fallback;
}

/** Whether a 403 answer is the CSRF check failing (message mentions CSRF, or `csrf: false`). */
export function isCsrfRejection(status: number, body: unknown): boolean {
  if (status !== 403 || typeof body !== "object" || body === null) return false;
  const b = body as { csrf?: unknown; message?: unknown };
  if (b.csrf === false) return true;
  return typeof b.message === "string" && /csrf/i.test(b.message);
}
