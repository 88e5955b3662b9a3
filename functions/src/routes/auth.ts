/** Sign-up, sign-in, the session cookie, e-mail confirmation and password reset. */
import { messages, withQueryParam } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import { ensureSession, readSession, writeSession } from "../http/session.js";
import { ApiError } from "../http/errors.js";
import { clientIp } from "../http/client-ip.js";
import { addressKey } from "../http/limits.js";
import * as limits from "../infra/rate-limits.js";
import * as accounts from "../services/accounts.js";
import * as registration from "../services/registration.js";

const api = contract.auth;

export const authRoutes = [
  endpoint(api.csrfToken, async ({ req, res }) => {
    const session = ensureSession(req);
    writeSession(res, session);
    return { data: { csrfToken: session.n }, extra: { csrfToken: session.n } };
  }),

  endpoint(api.registerStep1, async ({ body, req, now }) => {
    await limits.consume([{ limit: "registerPerIp", key: clientIp(req) }], now);
    const { created, sent } = await registration.registerStep1(body, now);
    return { status: created ? 201 : 200, message: messages.auth.codeSent, data: sent };
  }),

  endpoint(api.registerStep2, async ({ body, now }) => {
    const data = await registration.registerStep2(body, now);
    return { message: messages.auth.codeVerified, data };
  }),

  endpoint(api.registerStep3, async ({ body, now }) => {
    const data = await registration.registerStep3(body, now);
    return { message: messages.auth.registrationComplete, data };
  }),

  endpoint(api.login, async ({ body, req, res, now }) => {
    // Only failures count; once a budget is spent even the right password waits it out.
    const budgets = [
      addressKey("loginFailuresPerAccount", body.email),
      { limit: "loginFailuresPerIp" as const, key: clientIp(req) },
    ];
    await limits.assertNotSpent(budgets, now);
    const t = await accounts.login(body.email, body.password).catch(async (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) await limits.record(budgets, now);
      throw err;
    });
    const session = ensureSession(req);
    writeSession(res, {
      n: session.n,
      r: t.refreshToken,
      ...(body.rememberMe ? { p: true } : {}),
    });
    const data = {
      accessToken: t.accessToken,
      userId: t.userId,
      email: t.email,
      expiresIn: t.expiresIn,
    };
    return { message: messages.auth.loginSuccess, data, extra: { accessToken: t.accessToken } };
  }),

  endpoint(api.refreshAccessToken, async ({ req, res }) => {
    const session = readSession(req);
    if (!session?.r) throw new ApiError(401, messages.auth.refreshInvalid);
    try {
      const t = await accounts.refresh(session.r);
      writeSession(res, { ...session, r: t.refreshToken });
      const data = {
        accessToken: t.accessToken,
        userId: t.userId,
        email: t.email,
        expiresIn: t.expiresIn,
      };
      return { data, extra: { accessToken: t.accessToken } };
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) writeSession(res, { n: session.n });
      throw err;
    }
  }),

  endpoint(api.logout, async ({ req, res }) => {
    const session = readSession(req);
    if (session) writeSession(res, { n: session.n });
    return { message: messages.auth.logoutSuccess };
  }),

  endpoint(api.sendEmailConfirmation, async ({ user, body, now }) => {
    await limits.consume([addressKey("emailConfirmationsPerAddress", body.email)], now);
    const outcome = await accounts.sendEmailConfirmation(user.uid, body, now);
    return {
      message:
        outcome === "SENT"
          ? messages.auth.emailConfirmationSent
          : messages.auth.emailAlreadyVerified,
      data: { isEmailVerified: outcome === "ALREADY_VERIFIED" },
    };
  }),

  endpoint(api.verifyEmail, async ({ query, res }) => {
    const ok = await accounts.verifyEmail(query.token);
    const target = accounts.safeReturnPath(query.continueUrl);
    res.redirect(302, withQueryParam(target, "emailVerified", ok ? "true" : "false"));
  }),

  endpoint(api.requestPasswordReset, async ({ body, now }) => {
    await limits.consume([addressKey("passwordResetsPerAddress", body.email)], now);
    await accounts.requestPasswordReset(body.email, now);
    return { message: messages.auth.resetMailSent };
  }),

  endpoint(api.resetPassword, async ({ body }) => {
    await accounts.resetPassword(body.token, body.newPassword);
    return { message: messages.auth.passwordUpdated };
  }),
];
