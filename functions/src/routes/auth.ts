import { Router } from "express";
import { z } from "zod";
import { isWellFormedCode, messages, toTitleCaseTr, withQueryParam } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import { ensureSession, readSession, writeSession } from "../http/session.js";
import { ApiError, statusOf } from "../http/errors.js";
import { clientIp } from "../http/client-ip.js";
import { addressKey } from "../http/limits.js";
import * as limits from "../infra/rate-limits.js";
import * as accounts from "../services/accounts.js";
import * as registration from "../services/registration.js";
import {
  emailSchema,
  formBoolean,
  memberTypeSchema,
  namedListSchema,
  passwordSchema,
  positionNameSchema,
} from "./schemas.js";

const step1Body = z.object({
  name: z
    .string({ error: "İsim ve soyisim zorunludur." })
    .transform(toTitleCaseTr)
    .pipe(z.string().min(2, { error: messages.users.nameRequired }).max(80)),
  email: emailSchema,
  password: passwordSchema,
});

const step2Body = z.object({
  email: emailSchema,
  verificationCode: z
    .union([z.string(), z.number()], { error: messages.auth.codeInvalid })
    .transform((v) => String(v).trim())
    .pipe(z.string().refine(isWellFormedCode, { error: messages.auth.codeInvalid })),
});

const step3Body = z
  .object({
    email: emailSchema,
    // Checked by the service after the registration is found, so an unproven one says so first.
    registrationToken: z
      .string({ error: messages.auth.registrationTokenInvalid })
      .trim()
      .max(200, { error: messages.auth.registrationTokenInvalid })
      .optional()
      .default(""),
    type: memberTypeSchema,
    position: positionNameSchema,
    skills: namedListSchema.optional().default([]),
    contractofUse: formBoolean,
    privacyPolicy: formBoolean,
    contentPolicy: formBoolean,
  })
  .refine((b) => b.contractofUse && b.privacyPolicy && b.contentPolicy, {
    error: messages.auth.consentsRequired,
  });

const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: "Şifre zorunludur." }).min(1, { error: "Şifre zorunludur." }),
  rememberMe: formBoolean,
});

const confirmationBody = z.object({
  email: emailSchema,
  redirectUrl: z.string().max(2000).optional(),
});

const resetRequestBody = z.object({ email: emailSchema });

const resetBody = z.object({
  token: z
    .string({ error: messages.auth.resetLinkInvalid })
    .trim()
    .min(1, { error: messages.auth.resetLinkInvalid }),
  newPassword: z
    .string({ error: messages.auth.passwordRule })
    .min(8, { error: messages.auth.passwordRule }),
});

const verifyQuery = z.object({
  token: z.string({ error: messages.auth.emailConfirmationLinkInvalid }).min(1),
  continueUrl: z.string().optional(),
});

export function authRouter(): Router {
  const r = Router();

  r.get(
    "/csrf-token",
    endpoint({}, async ({ req, res }) => {
      const session = ensureSession(req);
      writeSession(res, session);
      return { data: { csrfToken: session.n }, extra: { csrfToken: session.n } };
    }),
  );

  r.post(
    "/register-step-1",
    endpoint({ body: step1Body }, async ({ body, req, now }) => {
      await limits.consume([{ limit: "registerPerIp", key: clientIp(req) }], now);
      const { created, sent } = await registration.registerStep1(body, now);
      return { status: created ? 201 : 200, message: messages.auth.codeSent, data: sent };
    }),
  );

  r.post(
    "/register-step-2",
    endpoint({ body: step2Body }, async ({ body, now }) => {
      const data = await registration.registerStep2(body, now);
      return { message: messages.auth.codeVerified, data };
    }),
  );

  r.post(
    "/register-step-3",
    endpoint({ body: step3Body }, async ({ body, now }) => {
      const data = await registration.registerStep3(body, now);
      return { message: messages.auth.registrationComplete, data };
    }),
  );

  r.post(
    "/login",
    endpoint({ body: loginBody }, async ({ body, req, res, now }) => {
      // Only failures count; once a budget is spent even the right password waits it out.
      const budgets = [
        addressKey("loginFailuresPerAccount", body.email),
        { limit: "loginFailuresPerIp" as const, key: clientIp(req) },
      ];
      await limits.assertNotSpent(budgets, now);
      const t = await accounts.login(body.email, body.password).catch(async (err: unknown) => {
        if (statusOf(err) === 401) await limits.record(budgets, now);
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
  );

  r.post(
    "/refresh-access-token",
    endpoint({}, async ({ req, res }) => {
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
        if (statusOf(err) === 401) writeSession(res, { n: session.n });
        throw err;
      }
    }),
  );

  r.post(
    "/logout",
    endpoint({}, async ({ req, res }) => {
      const session = readSession(req);
      if (session) writeSession(res, { n: session.n });
      return { message: messages.auth.logoutSuccess };
    }),
  );

  r.post(
    "/send-email-confirmation",
    endpoint({ auth: "required", body: confirmationBody }, async ({ user, body, now }) => {
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
  );

  r.get(
    "/verify-email",
    endpoint({ query: verifyQuery }, async ({ query, res }) => {
      const ok = await accounts.verifyEmail(query.token);
      const target = accounts.safeReturnPath(query.continueUrl);
      res.redirect(302, withQueryParam(target, "emailVerified", ok ? "true" : "false"));
    }),
  );

  r.post(
    "/request-password-reset",
    endpoint({ body: resetRequestBody }, async ({ body, now }) => {
      await limits.consume([addressKey("passwordResetsPerAddress", body.email)], now);
      await accounts.requestPasswordReset(body.email, now);
      return { message: messages.auth.resetMailSent };
    }),
  );

  r.post(
    "/reset-password",
    endpoint({ body: resetBody }, async ({ body }) => {
      await accounts.resetPassword(body.token, body.newPassword);
      return { message: messages.auth.passwordUpdated };
    }),
  );

  return r;
}
