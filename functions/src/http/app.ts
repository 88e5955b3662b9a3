import cookieParser from "cookie-parser";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { logger } from "firebase-functions";
import { messages } from "@platform/common";
import { API_PREFIX } from "@platform/common/api";
import { ApiError } from "./errors.js";
import { JSON_BODY_MAX_BYTES, bodyGuard } from "./body-guard.js";
import { csrfProtection } from "./csrf.js";
import { appCheckGuard } from "./app-check.js";
import { sendError } from "./respond.js";
import { trustedProxyHops } from "../config.js";
import { idempotentRetries } from "./idempotency.js";
import { register } from "./endpoint.js";
import { authRoutes } from "../routes/auth.js";
import { usersRoutes } from "../routes/users.js";
import { projectsRoutes } from "../routes/projects.js";
import { positionsRoutes } from "../routes/positions.js";
import { imagesRoutes } from "../routes/images.js";
import { notificationsRoutes } from "../routes/notifications.js";
import { votesRoutes } from "../routes/votes.js";
import { healthRoute, lookupsRoutes } from "../routes/lookups.js";

/**
 * The Express app behind the `api` function. Routes are mounted under `/api` (API_PREFIX) because
 * Hosting forwards the original path (`/api/health`) to the function.
 */
export function createApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  // A hop count, never `true`: that would take the client-written end of X-Forwarded-For.
  app.set("trust proxy", trustedProxyHops());
  app.use(requestLog);
  app.use(bodyGuard);
  app.use(express.json({ limit: JSON_BODY_MAX_BYTES }));
  app.use(cookieParser());
  app.use(API_PREFIX, appCheckGuard());
  app.use(csrfProtection);

  // Every route comes from the contract (`@platform/common/api`), registered in its order.
  const api = express.Router();
  register(api, [healthRoute, ...authRoutes]);
  // After /auth: its answers set the session cookie, which a stored replay must not carry.
  api.use(idempotentRetries);
  register(api, [
    ...usersRoutes,
    ...projectsRoutes,
    ...positionsRoutes,
    ...imagesRoutes,
    ...notificationsRoutes,
    ...votesRoutes,
    ...lookupsRoutes,
  ]);
  app.use(API_PREFIX, api);

  app.use((_req, res) => {
    sendError(res, 404, messages.general.notFound);
  });

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    if (err instanceof ApiError) {
      if (err.status >= 500) logger.error("api error", { path: req.path, message: err.message });
      if (err.status === 429 && typeof err.extra.retryAfter === "number") {
        res.set("Retry-After", String(err.extra.retryAfter));
      }
      sendError(res, err.status, err.message, err.extra);
      return;
    }
    // Malformed JSON bodies are the client's fault; everything else is logged, never echoed.
    if (isBodyParseError(err)) {
      sendError(res, 400, messages.general.invalidJson);
      return;
    }
    // A path segment that is not valid percent-encoding (`/users/%ZZ`) cannot name anything.
    if (err instanceof URIError) {
      sendError(res, 400, messages.general.invalidPath);
      return;
    }
    if (isTooLarge(err)) {
      sendError(res, 413, messages.general.bodyTooLarge);
      return;
    }
    logger.error("unhandled error", {
      path: req.path,
      method: req.method,
      uid: res.locals.uid,
      error:
        err instanceof Error
          ? { name: err.name, message: err.message, stack: err.stack }
          : String(err),
    });
    if (!res.headersSent) sendError(res, 500, messages.general.error);
  };
  app.use(onError);
  return app;
}

/** One structured log line per request: method, path, status, duration, caller. */
const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const entry = {
      method: req.method,
      path: req.originalUrl.split("?")[0],
      status: res.statusCode,
      durationMs: Math.round(ms),
      uid: res.locals.uid as string | undefined,
    };
    if (res.statusCode >= 500) logger.error("request", entry);
    else if (res.statusCode >= 400) logger.warn("request", entry);
    else logger.info("request", entry);
  });
  next();
};

function errorType(err: unknown): unknown {
  return typeof err === "object" && err !== null && "type" in err
    ? (err as { type?: unknown }).type
    : undefined;
}

function isBodyParseError(err: unknown): boolean {
  return errorType(err) === "entity.parse.failed";
}

function isTooLarge(err: unknown): boolean {
  return errorType(err) === "entity.too.large";
}
