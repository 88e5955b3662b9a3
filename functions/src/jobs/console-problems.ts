/**
 * Console input a job cannot use is never skipped in silence (docs/operations.md): the job writes
 * the problem, in Turkish, to the document's `problem` field and mails every admin once. When the
 * input is fixed, the next run clears the field and uses it. Mail ids derive from the document and
 * the problem, so reruns neither rewrite the field nor mail anyone twice.
 */
import { createHash } from "node:crypto";
import { type DocumentReference, FieldValue, type Firestore } from "firebase-admin/firestore";
import { type MailDoc, type Role, type RoleDoc, mailTexts, paths } from "@platform/common";
import { escapeHtml } from "../infra/mail.js";
import { BatchWriter, timestamp } from "./runtime.js";

/** A document's standing with its input: the problem found now (null: usable). */
export interface ConsoleCheck {
  ref: DocumentReference;
  /** `problem` as stored on the document now. */
  recorded: unknown;
  problem: string | null;
}

/** Addresses of everyone who holds `role` (`roles/{uid}`, written by `npm run grant-role`). */
export async function staffEmails(db: Firestore, role: Role): Promise<string[]> {
  const snap = await db.collection(paths.roles).where("role", "==", role).get();
  return [...new Set(snap.docs.map((d) => (d.data() as RoleDoc).email).filter((e) => !!e))].sort();
}

/**
 * Records new problems (field and admin mail), clears solved ones; returns how many new problems
 * were recorded.
 */
export async function recordConsoleProblems(
  db: Firestore,
  checks: readonly ConsoleCheck[],
  now: Date,
  log: (line: string) => void,
): Promise<number> {
  const changed = checks.filter((c) => (c.recorded ?? null) !== c.problem);
  if (changed.length === 0) return 0;
  const admins = changed.some((c) => c.problem) ? await staffEmails(db, "admin") : [];
  const writer = new BatchWriter(db);
  let recorded = 0;
  for (const { ref, problem } of changed) {
    if (!problem) {
      await writer.group(1, (b) =>
        b.set(
          ref,
          { problem: FieldValue.delete(), problemAt: FieldValue.delete() },
          { merge: true },
        ),
      );
      continue;
    }
    recorded++;
    log(`console input: ${ref.path}: ${problem}`);
    if (admins.length === 0) log("console input: no admin in roles/ to mail (npm run grant-role)");
    const key = createHash("sha256").update(`${ref.path}\n${problem}`).digest("hex").slice(0, 24);
    await writer.group(1 + admins.length, (b) => {
      b.set(ref, { problem, problemAt: timestamp(now) }, { merge: true });
      for (const to of admins) {
        const id = `console-problem-${key}-${createHash("sha256").update(to).digest("hex").slice(0, 12)}`;
        b.set(db.collection(paths.mail).doc(id), problemMail(to, ref.path, problem, now));
      }
    });
  }
  await writer.flush();
  return recorded;
}

function problemMail(to: string, path: string, problem: string, now: Date): MailDoc {
  const lines = [
    mailTexts.hello,
    mailTexts.consoleProblem.unusable(path),
    problem,
    mailTexts.consoleProblem.howToFix,
  ];
  return {
    to,
    message: {
      subject: mailTexts.consoleProblem.subject(path),
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    },
    createdAt: timestamp(now),
  };
}
