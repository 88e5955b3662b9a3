/**
 * E-mail addresses as the platform stores and compares them. Folding is locale-free on purpose:
 * the Turkish rules turn `I` into `ı`, so `Info@Gmail.com` would become `ınfo@gmaıl.com`, a
 * different address (and a look-alike domain) that codes and reset links would then go to.
 * Addresses must be plain ASCII, which also rules out look-alike letters.
 */

const ASCII = /^\p{ASCII}*$/u;
/**
 * The one address shape of the platform (forms, sign-up, profile): dot-separated local part of
 * letters, digits and `_'+-`, a domain of labels and a top-level name of two letters or more.
 * It is the pattern of zod's `z.email()`, which sign-up has always applied.
 */
const SHAPE =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The stored form: trimmed and lower-cased without locale rules. */
export const foldEmail = (value: string): string => value.trim().toLowerCase();

/** Whether the address has no characters beyond ASCII (its shape is checked separately). */
export const isAsciiEmail = (value: string): boolean => ASCII.test(value);

/** The shape check of an address (ignoring surrounding spaces), ASCII only. */
export const isEmailAddress = (value: string): boolean =>
  isAsciiEmail(value) && SHAPE.test(value.trim());

/** Whether two addresses are the same once folded. */
export const sameEmail = (a: string, b: string): boolean => foldEmail(a) === foldEmail(b);
