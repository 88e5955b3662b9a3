/**
 * The member's side of the profit share: their IBAN (saved in `users/{uid}/private/details.iban`,
 * read back only masked) and their monthly statements (`payouts/{YYYY-MM}/statements/{uid}`).
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  type PaymentInfoDto,
  type PayoutStatementDoc,
  type StatementDto,
  type UserDetailsDoc,
  collectionGroups,
  ibanError,
  isValidTrIban,
  maskIban,
  messages,
  normalizeIban,
  paths,
} from "@platform/common";
import { invalid, notFound } from "../domain/errors.js";
import { toIso } from "../infra/firestore.js";
import { userRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

const detailsRef = (db: Firestore, uid: string) =>
  db.doc(paths.userDetails(uid)) as DocumentReference<UserDetailsDoc>;

function paymentInfo(iban: string | undefined): PaymentInfoDto {
  const present = isValidTrIban(iban);
  return { hasIban: present, ibanMasked: present ? maskIban(iban) : "" };
}

export async function getPaymentInfo(
  uid: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<PaymentInfoDto> {
  return paymentInfo((await detailsRef(db, uid).get()).data()?.iban);
}

/**
 * Saves a Turkish IBAN after the format and checksum checks (nothing is saved otherwise). A share
 * held for want of an IBAN is released by the next profit-share run.
 */
export async function saveIban(
  uid: string,
  value: unknown,
  { db }: ServiceDeps = productionDeps(),
): Promise<PaymentInfoDto> {
  const error = ibanError(value);
  if (error) throw invalid(error);
  const iban = normalizeIban(value);
  if (!(await userRef(db, uid).get()).exists) throw notFound(messages.users.notFound);
  await detailsRef(db, uid).set({ iban }, { merge: true });
  return paymentInfo(iban);
}

export async function statements(
  uid: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<StatementDto[]> {
  // The (userId, period desc) collection-group index.
  const snap = await db
    .collectionGroup(collectionGroups.statements)
    .where("userId", "==", uid)
    .orderBy("period", "desc")
    .get();
  return snap.docs.map((d) => {
    const s = d.data() as PayoutStatementDoc;
    return {
      period: s.period,
      days: s.days,
      share: s.share,
      amountKurus: Number.isInteger(s.amountKurus) ? s.amountKurus : Math.round(s.amount * 100),
      status: s.status ?? (s.ibanStatus === "MISSING" ? "HELD_NO_IBAN" : "PAYABLE"),
      computedAt: toIso(s.computedAt),
      releasedAt: toIso(s.releasedAt ?? null),
    };
  });
}
