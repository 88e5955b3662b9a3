/**
 * App Check on `/api`: with enforcement on, every call must carry a valid `X-Firebase-AppCheck`
 * token (the web app gets one from reCAPTCHA Enterprise), so scripts outside the app cannot use
 * the API even with a member's credentials. The health check stays open for uptime probes.
 */
import type { RequestHandler } from "express";
import { getAppCheck } from "firebase-admin/app-check";
import { messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { appCheckEnforced } from "../config.js";
import { adminApp } from "../firebase.js";
import { sendError } from "./respond.js";

export const APP_CHECK_HEADER = "X-Firebase-AppCheck";

/** Resolves for a valid token and rejects for any other. */
export type AppCheckVerifier = (token: string) => Promise<unknown>;

const verifyWithAdmin: AppCheckVerifier = (token) => getAppCheck(adminApp()).verifyToken(token);

const OPEN_PATHS = new Set<string>([contract.health.path]);

export function appCheckGuard(
  options: { enforced?: () => boolean; verify?: AppCheckVerifier } = {},
): RequestHandler {
  const enforced = options.enforced ?? appCheckEnforced;
  const verify = options.verify ?? verifyWithAdmin;
  return (req, res, next) => {
    if (!enforced() || OPEN_PATHS.has(req.path)) return next();
    const token = req.get(APP_CHECK_HEADER);
    if (!token) return sendError(res, 401, messages.general.appCheckMissing);
    verify(token).then(
      () => next(),
      () => sendError(res, 401, messages.general.appCheckInvalid),
    );
  };
}
