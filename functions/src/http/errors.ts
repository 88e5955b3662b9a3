import { messages } from "@platform/common";

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
