/** Sign-up, sign-in, the session cookie, e-mail confirmation and password reset (spec §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { isWellFormedCode } from "../../domain/registration-rules.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import {
  emailField,
  formBoolean,
  memberTypeField,
  nameField,
  namedListField,
  newPasswordField,
  positionNameField,
  resetPasswordField,
} from "../fields.js";
import { SIGN_UP_PASSWORD_TEXTS } from "../../rules/password.js";
import type {
  CodeSentDto,
  CodeVerifiedDto,
  CsrfTokenDto,
  EmailConfirmationDto,
  LoginData,
  RegistrationDto,
} from "../types.js";

export const csrfToken = endpoint({
  ...routes.auth.csrfToken,
  access: "public",
  response: data<CsrfTokenDto>(),
});

export const registerStep1 = endpoint({
  ...routes.auth.registerStep1,
  access: "public",
  body: z.object({
    name: nameField,
    email: emailField,
    password: newPasswordField(SIGN_UP_PASSWORD_TEXTS),
  }),
  response: data<CodeSentDto>(),
});

export const registerStep2 = endpoint({
  ...routes.auth.registerStep2,
  access: "public",
  body: z.object({
    email: emailField,
    verificationCode: z.pipe(
      z.pipe(
        z.union([z.string(), z.number()], { error: messages.auth.codeInvalid }),
        z.transform((v) => String(v).trim()),
      ),
      z.string().check(z.refine(isWellFormedCode, { error: messages.auth.codeInvalid })),
    ),
  }),
  response: data<CodeVerifiedDto>(),
});

export const registerStep3 = endpoint({
  ...routes.auth.registerStep3,
  access: "public",
  body: z
    .object({
      email: emailField,
      // Checked by the service after the registration is found, so an unproven one says so first.
      registrationToken: z._default(
        z.optional(
          z
            .string({ error: messages.auth.registrationTokenInvalid })
            .check(z.trim(), z.maxLength(200, { error: messages.auth.registrationTokenInvalid })),
        ),
        "",
      ),
      type: memberTypeField,
      position: positionNameField,
      skills: z._default(z.optional(namedListField), []),
      contractofUse: formBoolean,
      privacyPolicy: formBoolean,
      contentPolicy: formBoolean,
    })
    .check(
      z.refine((b) => b.contractofUse && b.privacyPolicy && b.contentPolicy, {
        error: messages.auth.consentsRequired,
      }),
    ),
  response: data<RegistrationDto>(),
});

export const login = endpoint({
  ...routes.auth.login,
  access: "public",
  body: z.object({
    email: emailField,
    // The password of an existing account: only its presence is checked here.
    password: z
      .string({ error: messages.auth.passwordRequired })
      .check(z.minLength(1, { error: messages.auth.passwordRequired })),
    rememberMe: formBoolean,
  }),
  response: data<LoginData>(),
});

export const refreshAccessToken = endpoint({
  ...routes.auth.refreshAccessToken,
  access: "public",
  response: data<LoginData>(),
});

export const logout = endpoint({
  ...routes.auth.logout,
  access: "public",
  response: data<undefined>(),
});

export const sendEmailConfirmation = endpoint({
  ...routes.auth.sendEmailConfirmation,
  access: "member",
  body: z.object({
    email: emailField,
    redirectUrl: z.optional(z.string().check(z.maxLength(2000))),
  }),
  response: data<EmailConfirmationDto>(),
});

/** The link of the confirmation mail: answers with a redirect back into the app. */
export const verifyEmail = endpoint({
  ...routes.auth.verifyEmail,
  access: "public",
  query: z.object({
    token: z.string({ error: messages.auth.emailConfirmationLinkInvalid }).check(z.minLength(1)),
    continueUrl: z.optional(z.string()),
  }),
  response: data<undefined>(),
});

export const requestPasswordReset = endpoint({
  ...routes.auth.requestPasswordReset,
  access: "public",
  body: z.object({ email: emailField }),
  response: data<undefined>(),
});

export const resetPassword = endpoint({
  ...routes.auth.resetPassword,
  access: "public",
  body: z.object({
    token: z
      .string({ error: messages.auth.resetLinkInvalid })
      .check(z.trim(), z.minLength(1, { error: messages.auth.resetLinkInvalid })),
    newPassword: resetPasswordField,
  }),
  response: data<undefined>(),
});
