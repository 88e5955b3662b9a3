/**
 * Outgoing mail as documents of the `mail` collection, in the Trigger Email extension's format,
 * written in the same batch or transaction as the change they announce.
 */
import type { DocumentReference, Transaction, WriteBatch } from "firebase-admin/firestore";
import { mailTexts as T, paths } from "@platform/common";
import { db } from "../firebase.js";
import { ts } from "./firestore.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function queueMail(
  writer: Transaction | WriteBatch,
  mail: Mail,
  now: Date,
): DocumentReference {
  const ref = db().collection(paths.mail).doc();
  (writer as WriteBatch).set(ref, {
    to: mail.to,
    message: { subject: mail.subject, text: mail.text, html: mail.html },
    createdAt: ts(now),
  });
  return ref;
}

/** Text made safe to put inside HTML. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#2f9e44;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : "";
  return `<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5">${body}${button}</div>`;
}

export function verificationCodeMail(to: string, name: string, code: string): Mail {
  const lines = [T.helloName(name), T.verificationCode.code(code), T.verificationCode.validity];
  return { to, subject: T.verificationCode.subject, text: lines.join("\n\n"), html: layout(lines) };
}

export function emailConfirmationMail(to: string, link: string): Mail {
  const lines = [T.hello, T.emailConfirmation.action, T.notYou];
  return {
    to,
    subject: T.emailConfirmation.subject,
    text: `${lines.join("\n\n")}\n\n${link}`,
    html: layout(lines, { href: link, label: T.emailConfirmation.button }),
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  const lines = [T.hello, T.passwordReset.action, T.passwordReset.notYou];
  return {
    to,
    subject: T.passwordReset.subject,
    text: `${lines.join("\n\n")}\n\n${link}`,
    html: layout(lines, { href: link, label: T.passwordReset.button }),
  };
}

/** To the address an account leaves: the change is announced where the owner can still read it. */
export function emailChangedMail(to: string, newEmail: string): Mail {
  const lines = [T.hello, T.emailChanged.changed(newEmail), T.emailChanged.notYou];
  return {
    to,
    subject: T.emailChanged.subject,
    text: lines.join("\n\n"),
    html: layout(lines),
  };
}
