/**
 * How an `/api` endpoint is declared: once, with its method, its path (Express syntax, relative to
 * `/api`), who may call it, the zod schemas of its input and the type of its `data`. The functions
 * register their handlers from these declarations and the web app builds its requests from them.
 */
import type { $ZodType, output } from "zod/v4/core";

export const API_PREFIX = "/api";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * `public`: anyone; a token that verifies is read (answers may say more to its holder).
 * `member`: a signed-in caller; without a verified token the answer is 401. Role checks (HR,
 * admin) are the services' business: the same route answers members and staff differently.
 */
export type Access = "public" | "member";

export interface Endpoint<
  M extends Method = Method,
  Path extends string = string,
  A extends Access = Access,
  P extends $ZodType | undefined = $ZodType | undefined,
  Q extends $ZodType | undefined = $ZodType | undefined,
  B extends $ZodType | undefined = $ZodType | undefined,
  R = unknown,
> {
  method: M;
  path: Path;
  access: A;
  params: P;
  query: Q;
  body: B;
  /** Type only: what `data` of a successful answer holds (never read at run time). */
  response: R;
}

/**
 * An endpoint as a client addresses it: at run time its method and path only (routes.ts, without
 * schemas), for the compiler its whole declaration `E` riding along (never set).
 */
export interface Addressed<E extends Endpoint> {
  readonly method: E["method"];
  readonly path: E["path"];
  readonly declaration?: E;
}

/** The declaration behind an endpoint or an addressed one. */
export type Declared<A> = A extends Endpoint ? A : A extends Addressed<infer E> ? E : never;

/** The phantom that carries an endpoint's response type. */
export const data = <R>(): R => undefined as R;

export function endpoint<
  M extends Method,
  Path extends string,
  A extends Access,
  R,
  P extends $ZodType | undefined = undefined,
  Q extends $ZodType | undefined = undefined,
  B extends $ZodType | undefined = undefined,
>(spec: {
  method: M;
  path: Path;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): Endpoint<M, Path, A, P, Q, B, R> {
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    response: spec.response,
  };
}

/** The parsed (output) type of a schema slot, `undefined` when the endpoint has none. */
export type Parsed<S> = S extends $ZodType ? output<S> : undefined;

/** The names of a path's `:params`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Path extends string> = [ParamNames<Path>] extends [never]
  ? Record<string, never>
  : Record<ParamNames<Path>, string>;

/** The path of a request to `e` below `/api`, each `:param` filled in and encoded. */
export function pathOf<Path extends string>(
  e: { path: Path },
  params: PathParams<Path> = {} as PathParams<Path>,
): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string>)[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${e.path}`);
    return encodeURIComponent(value);
  });
}

/** The full URL path (`/api/...`) of a request to `e`. */
export const apiPath = <Path extends string>(e: { path: Path }, params?: PathParams<Path>) =>
  `${API_PREFIX}${pathOf(e, params)}`;
