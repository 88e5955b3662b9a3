/**
 * Turkish IBANs for the profit share (docs/product-rules.md#profit-share-iban): "TR" and 24 digits, checked with the ISO 13616
 * mod-97 checksum. The same functions run in the form and in the API. Pure.
 */
import { messages } from "../messages.js";

/** "TR" then 24 digits: 2 check digits, 5 bank code, 1 reserve, 16 account. */
export const TR_IBAN_PATTERN = /^TR\d{24}$/;

/** The IBAN without spaces, in capitals (input may be grouped in fours). */
export function normalizeIban(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : "";
}

/**
 * ISO 13616 / ISO 7064 mod 97-10: the first four characters moved to the end, letters turned
 * into numbers (A = 10 … Z = 35), and the number must leave 1 when divided by 97. The division
 * is done digit by digit so no big numbers are needed.
 */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** A valid Turkish IBAN (format and checksum). */
export function isValidTrIban(value: unknown): boolean {
  const iban = normalizeIban(value);
  return TR_IBAN_PATTERN.test(iban) && ibanChecksumValid(iban);
}

/**
 * The error to show for an IBAN typed in the form, or null when it may be saved. Empty is an
 * error here: removing an IBAN is not something the payment section offers.
 */
export function ibanError(value: unknown): string | null {
  const iban = normalizeIban(value);
  if (!iban) return messages.iban.required;
  if (!TR_IBAN_PATTERN.test(iban)) return messages.iban.format;
  if (!ibanChecksumValid(iban)) return messages.iban.checksum;
  return null;
}

/**
 * "TR** **** **** **** **** **13 26": the country code and the last four digits shown, every
 * other digit hidden, grouped in fours as an IBAN is printed.
 */
export function maskIban(value: unknown): string {
  const iban = normalizeIban(value);
  if (iban.length < 6) return "";
  const masked = iban.slice(0, 2) + "*".repeat(iban.length - 6) + iban.slice(-4);
  return (masked.match(/.{1,4}/g) ?? []).join(" ");
}

/** An IBAN grouped in fours for reading back: "TR33 0006 1005 …". */
export function formatIban(value: unknown): string {
  return (normalizeIban(value).match(/.{1,4}/g) ?? []).join(" ");
}
