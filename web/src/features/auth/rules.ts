/**
 * Pure rules of the registration and password screens (docs/product-rules.md#registration-steps): the six-box code input, the
 * form checks, the pending sign-up kept between the steps, and the failure texts of docs/product-rules.md#screen-auth.
 */
import {
  CODE_LENGTH,
  NEW_PASSWORD_TEXTS,
  SIGN_UP_PASSWORD_TEXTS,
  emailError as commonEmailError,
  foldEmail,
  messages,
  nameError,
  passwordError,
  safeReturnPath,
  toTitleCaseTr,
} from "@platform/common";
import { ApiError, messageOf } from "../../lib/api/errors";
import { AUTH_TEXTS } from "./texts";
import { screens } from "../../app/screens";

// ---- the code boxes -------------------------------------------------------------------------

export type CodeDigits = string[];

export const emptyCode = (): CodeDigits => Array.from({ length: CODE_LENGTH }, () => "");

export interface CodeChange {
  digits: CodeDigits;
  /** The box to focus next, or null to keep focus where it is. */
  focus: number | null;
}

/**
 * Typing into box `index`: keeps one digit (the last one typed), ignores anything else, and moves
 * to the next box. Six digits arriving at once (autofill, paste into one box) fill every box.
 */
export function typeInBox(digits: CodeDigits, index: number, value: string): CodeChange {
  const onlyDigits = value.replace(/\D/g, "");
  if (onlyDigits.length >= CODE_LENGTH) return pasteCode(digits, onlyDigits);
  if (onlyDigits === "") {
    if (value === "") return { digits: replaceAt(digits, index, ""), focus: null };
    return { digits, focus: null }; // a letter or sign: ignored
  }
  const digit = onlyDigits[onlyDigits.length - 1]!;
  return {
    digits: replaceAt(digits, index, digit),
    focus: index < CODE_LENGTH - 1 ? index + 1 : null,
  };
}

/** Backspace in box `index`: on an empty box, clears the previous one and moves there. */
export function backspaceInBox(digits: CodeDigits, index: number): CodeChange {
  if (digits[index] !== "") return { digits: replaceAt(digits, index, ""), focus: null };
  if (index === 0) return { digits, focus: null };
  return { digits: replaceAt(digits, index - 1, ""), focus: index - 1 };
}

/** Pasting: six digits (spaces and dashes ignored) fill all boxes; anything else changes nothing. */
export function pasteCode(digits: CodeDigits, text: string): CodeChange {
  const onlyDigits = text.replace(/[\s-]/g, "");
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(onlyDigits)) return { digits, focus: null };
  return { digits: onlyDigits.split(""), focus: CODE_LENGTH - 1 };
}

export const joinCode = (digits: CodeDigits) => digits.join("");
export const isCodeComplete = (digits: CodeDigits) =>
  digits.length === CODE_LENGTH && digits.every((d) => /^\d$/.test(d));

function replaceAt(digits: CodeDigits, index: number, value: string): CodeDigits {
  const next = [...digits];
  next[index] = value;
  return next;
}

// ---- form checks ----------------------------------------------------------------------------

export const required = (value: unknown) =>
  (typeof value === "string" ? value.trim() === "" : value == null || value === false)
    ? AUTH_TEXTS.validation.required
    : null;

// An empty field says "Bu alan zorunludur." as every required field of these forms does; what
// is written is judged by the rules the API applies too (@platform/common).
const filledThen = (rule: (value: string) => string | null) => (value: string) =>
  value.trim() === "" ? AUTH_TEXTS.validation.required : rule(value);

export const emailError = filledThen(commonEmailError);

/** Sign-up name: Turkish title case of 2 to 80 characters, as the API stores it. */
export const signUpNameError = filledThen(nameError);

/** Sign-up: 8 to 128 characters (what the API requires), the message naming the bound missed. */
export const signUpPasswordError = (value: string) =>
  value === "" ? AUTH_TEXTS.validation.required : passwordError(value, SIGN_UP_PASSWORD_TEXTS);

/**
 * New password: 8 to 128 characters (only the length is checked), with the docs/product-rules.md#password-reset text, which also
 * names a capital letter and a digit (docs/product-rules.md#password-reset gives this rule to this screen only).
 */
export const newPasswordError = (value: string) =>
  value === "" ? AUTH_TEXTS.validation.required : passwordError(value, NEW_PASSWORD_TEXTS);

/** The step-1 payload: the name in Turkish title case, the e-mail folded as the API stores it. */
export function signUpPayload(values: { name: string; email: string; password: string }) {
  return {
    name: toTitleCaseTr(values.name),
    email: foldEmail(values.email),
    password: values.password,
  };
}

/** Form values as the API reads them: empty → false, 'on' → true (docs/product-rules.md#form-booleans). */
export function formBoolean(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

// ---- the sign-up in progress ----------------------------------------------------------------

export const PENDING_SIGN_UP_KEY = "platform.member.pendingSignUp";

export interface PendingSignUp {
  name: string;
  email: string;
  verified?: boolean;
  /** Handed out by step 2; only this tab can finish the registration with it (step 3). */
  registrationToken?: string;
}

export function readPendingSignUp(storage: Pick<Storage, "getItem">): PendingSignUp | null {
  try {
    const raw = storage.getItem(PENDING_SIGN_UP_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingSignUp>;
    if (typeof parsed.email !== "string" || parsed.email === "") return null;
    return {
      name: typeof parsed.name === "string" ? parsed.name : "",
      email: parsed.email,
      ...(parsed.verified === true ? { verified: true } : {}),
      ...(typeof parsed.registrationToken === "string" && parsed.registrationToken !== ""
        ? { registrationToken: parsed.registrationToken }
        : {}),
    };
  } catch {
    return null;
  }
}

export function writePendingSignUp(storage: Pick<Storage, "setItem">, value: PendingSignUp) {
  storage.setItem(PENDING_SIGN_UP_KEY, JSON.stringify(value));
}

// ---- failure texts (docs/product-rules.md#screen-auth) ---------------------------------------------------------------------

/** Password-reset request: unknown address → its text (or the server's), else the general one. */
export function resetRequestErrorText(error: unknown): string {
  if (
    error instanceof ApiError &&
    !error.noResponse &&
    (error.status === 404 || error.status === 400)
  ) {
    return messageOf(error, messages.auth.resetEmailUnknown);
  }
  return messageOf(error, messages.auth.resetError);
}

/** New password: the server's text (invalid link, password rule), else the general one. */
export function resetPasswordErrorText(error: unknown): string {
  return messageOf(error, messages.auth.resetError);
}

/** The `token` of the new-password address (`?token=…`), or null when it is missing or blank. */
export function resetTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get("token");
  return token && token.trim() !== "" ? token.trim() : null;
}

/** A legal page opened from registration: with the newcomer's name, e-mail and the date line. */
export function consentLink(path: string, who: { name: string; email: string }): string {
  const params = new URLSearchParams({ name: who.name, email: who.email, showDate: "true" });
  return `${path}?${params.toString()}`;
}

/**
 * Where a successful login goes: back to the page a guard sent the member away from (the `from`
 * of the navigation state, kept on this origin), else home (docs/product-rules.md#login).
 */
export function afterLoginPath(state: unknown, origin: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string") return screens.home;
  const path = safeReturnPath(from, origin);
  return path.startsWith(screens.login) ? screens.home : path;
}
