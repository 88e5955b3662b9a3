/**
 * One endpoint: authentication, validation of params, query and body with zod (a Turkish 400
 * before anything is read or written), then a thin handler that calls a service.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { z, type ZodType } from "zod";
import { messages } from "@platform/common";
import { type AuthUser, authenticate, bearerToken } from "./auth.js";
import { sendError, sendReply, type Reply } from "./respond.js";

z.config(z.locales.tr());

type AuthMode = "required" | "optional";

interface EndpointSpec<B extends ZodType, P extends ZodType, Q extends ZodType> {
  auth?: AuthMode;
  body?: B;
  params?: P;
  query?: Q;
}

export interface Context<B, P, Q, U> {
  body: B;
  params: P;
  query: Q;
  user: U;
  req: Request;
  res: Response;
  /** The request's clock, so services never read it themselves. */
  now: Date;
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;

export function endpoint<
  B extends ZodType = ZodType<undefined>,
  P extends ZodType = ZodType<undefined>,
  Q extends ZodType = ZodType<undefined>,
  A extends AuthMode = "optional",
>(
  spec: EndpointSpec<B, P, Q> & { auth?: A },
  handler: (
    ctx: Context<Out<B>, Out<P>, Out<Q>, A extends "required" ? AuthUser : AuthUser | null>,
  ) => Promise<Reply | void>,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = await authenticate(req);
      if (spec.auth === "required" && !user) {
        sendError(
          res,
          401,
          bearerToken(req) ? messages.general.tokenUndecodable : messages.general.unauthorized,
        );
        return;
      }
      if (user) res.locals.uid = user.uid;
      const params = parse(spec.params, req.params);
      const query = parse(spec.query, req.query);
      const body = parse(spec.body, req.body ?? {});
      const invalid = [params, query, body].find((r) => !r.ok);
      if (invalid && !invalid.ok) {
        sendError(res, 400, invalid.message, { errors: invalid.errors });
        return;
      }
      const reply = await handler({
        body: (body as { value: Out<B> }).value,
        params: (params as { value: Out<P> }).value,
        query: (query as { value: Out<Q> }).value,
        user: user as A extends "required" ? AuthUser : AuthUser | null,
        req,
        res,
        now: new Date(),
      });
      if (reply && !res.headersSent) sendReply(res, reply);
    } catch (err) {
      next(err);
    }
  };
}

type Parsed =
  | { ok: true; value: unknown }
  | { ok: false; message: string; errors: { path: string; message: string }[] };

function parse(schema: ZodType | undefined, input: unknown): Parsed {
  if (!schema) return { ok: true, value: undefined };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const first = errors[0];
  return {
    ok: false,
    message: first ? first.message : messages.general.invalidRequest,
    errors,
  };
}
