import type { Response } from "express";

/** What a handler answers: `{ success: true, data?, message?, ...extra }` with `status`. */
export interface Reply<T = unknown> {
  status?: number;
  data?: T;
  message?: string;
  /** Extra top-level fields the contract names (accessToken, pagination, csrfToken). */
  extra?: Record<string, unknown>;
}

export function sendReply(res: Response, reply: Reply): void {
  const body: Record<string, unknown> = { success: true };
  if (reply.message !== undefined) body.message = reply.message;
  if (reply.data !== undefined) body.data = reply.data;
  Object.assign(body, reply.extra ?? {});
  res.status(reply.status ?? 200).json(body);
}

export function sendError(
  res: Response,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  res.status(status).json({ success: false, message, ...extra });
}
