/**
 * One endpoint of the contract (`@platform/common/api`): authentication as its `access` says,
 * validation of params, query and body with its zod schemas (a Turkish 400 before anything is
 * read or written), then a thin handler, typed from the contract, that calls a service.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import type { Access, Endpoint, Method, Parsed } from "@platform/common/api";
import { type AuthUser, authenticate, bearerToken } from "./auth.js";
import { sendError, sendReply, type Reply } from "./respond.js";

z.config(z.locales.tr());

export interface Context<E extends Endpoint> {
  body: Parsed<E["body"]>;
  params: Parsed<E["params"]>;
  query: Parsed<E["query"]>;
  user: CallerOf<E["access"]>;
  req: Request;
  res: Response;
  /** The request's clock, so services never read it themselves. */
  now: Date;
}

type CallerOf<A extends Access> = A extends "member" ? AuthUser : AuthUser | null;

export type Handler<E extends Endpoint> = (ctx: Context<E>) => Promise<Reply<E["response"]> | void>;

/** A contract endpoint with its Express handler, ready to be registered. */
export interface Route {
  method: Method;
  path: string;
  handler: RequestHandler;
}

export function endpoint<E extends Endpoint>(spec: E, handler: Handler<E>): Route {
  const run: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = await authenticate(req);
      if (spec.access === "member" && !user) {
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
        body: (body as { value: Parsed<E["body"]> }).value,
        params: (params as { value: Parsed<E["params"]> }).value,
        query: (query as { value: Parsed<E["query"]> }).value,
        user: user as CallerOf<E["access"]>,
        req,
        res,
        now: new Date(),
      });
      if (reply && !res.headersSent) sendReply(res, reply);
    } catch (err) {
      next(err);
    }
  };
  return { method: spec.method, path: spec.path, handler: run };
}

/** Registers routes on `router` in the order given (overlapping paths depend on it). */
export function register(router: Router, routes: readonly Route[]): void {
  for (const r of routes) {
    const method = r.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    router[method](r.path, r.handler);
  }
}

type Outcome =
  | { ok: true; value: unknown }
  | { ok: false; message: string; errors: { path: string; message: string }[] };

/** The parsed input, or the first issue's Turkish text (and every issue) for the 400. */
export function parse(schema: z.core.$ZodType | undefined, input: unknown): Outcome {
  if (!schema) return { ok: true, value: undefined };
  const result = z.safeParse(schema, input);
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
