/**
 * What admins write in the Firebase console (docs/operations.md), checked before a job uses it.
 * Each check returns the problem in Turkish, to be recorded on the document and mailed to the
 * admins, or null when the input is usable. Nothing an admin wrote is skipped without a word.
 */
import { MEMBER_TYPES, PROJECT_TYPES } from "../../model/enums.js";
import { formatRateTr, isValidProfitRate } from "./profit-share.js";

/** How long the platform shows an announcement (a changed profit rate) to its members. */
export const ANNOUNCEMENT_DAYS = 30;

const shown = (value: unknown) =>
  value === undefined ? "(boş)" : typeof value === "string" ? `"${value}"` : JSON.stringify(value);

/** A Firestore Timestamp (or anything that converts to a Date the same way). */
export function isTimestampValue(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === "function"
  );
}

/** A project written in the console that has not gone live yet, with its positions. */
export interface QueuedProjectInput {
  project: Record<string, unknown>;
  positions: { id: string; data: Record<string, unknown> }[];
  /** `lookups/positionNames`; null when the lookup is missing (then names are not checked). */
  positionNames: readonly string[] | null;
}

export function queuedProjectProblem({
  project,
  positions,
  positionNames,
}: QueuedProjectInput): string | null {
  const problems: string[] = [];
  if (typeof project.title !== "string" || project.title.trim() === "") {
    problems.push(`title alanı dolu bir metin olmalı; yazılan: ${shown(project.title)}.`);
  }
  if (project.definition !== undefined && typeof project.definition !== "string") {
    problems.push(`definition alanı metin olmalı; yazılan: ${shown(project.definition)}.`);
  }
  if (!(PROJECT_TYPES as readonly unknown[]).includes(project.type)) {
    problems.push(
      `type alanı ${PROJECT_TYPES.join(", ")} olmalı; yazılan: ${shown(project.type)}.`,
    );
  }
  if (project.isLive !== undefined && project.isLive !== false && project.isLive !== true) {
    problems.push(`isLive alanı boolean false olmalı; yazılan: ${shown(project.isLive)}.`);
  }
  if (project.goLiveAt === undefined || project.goLiveAt === null) {
    problems.push("goLiveAt alanı yok: yayına alınacağı günü timestamp türünde yazın.");
  } else if (!isTimestampValue(project.goLiveAt)) {
    problems.push(`goLiveAt alanı timestamp türünde olmalı; yazılan: ${shown(project.goLiveAt)}.`);
  }
  for (const { id, data } of positions) {
    const at = `positions/${id}:`;
    const name = data.positionName;
    if (typeof name !== "string" || name.trim() === "") {
      problems.push(`${at} positionName alanı dolu bir metin olmalı; yazılan: ${shown(name)}.`);
    } else if (positionNames && !positionNames.includes(name)) {
      problems.push(
        `${at} positionName ${shown(name)} pozisyon listesinde (lookups/positionNames) yok.`,
      );
    }
    if (!(MEMBER_TYPES as readonly unknown[]).includes(data.type)) {
      problems.push(`${at} type alanı JUNIOR ya da SENIOR olmalı; yazılan: ${shown(data.type)}.`);
    }
    const expectations = data.expectations;
    if (
      expectations !== undefined &&
      !(Array.isArray(expectations) && expectations.every((e) => typeof e === "string"))
    ) {
      problems.push(`${at} expectations alanı metinlerden oluşan bir dizi (array) olmalı.`);
    }
    if (data.status !== undefined && data.status !== "OPEN") {
      problems.push(
        `${at} status alanı boş bırakılmalı ya da "OPEN" olmalı; yazılan: ${shown(data.status)}.`,
      );
    }
  }
  return problems.length > 0 ? `Proje yayına alınamadı. ${problems.join(" ")}` : null;
}

/** `removalReviews/{id}.decision` as ops wrote it; null/absent means "not decided yet". */
export function removalDecisionProblem(decision: unknown): string | null {
  if (decision === undefined || decision === null) return null;
  if (decision === "REMOVE" || decision === "KEEP") return null;
  return `Karar uygulanamadı: decision alanı "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır) olmalı; yazılan: ${shown(decision)}.`;
}

/** `payouts/{id}` with the net profit an admin entered, before it is computed. */
export function payoutInputProblem(periodId: string, netProfit: unknown): string | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(periodId)) {
    return `Kâr paylaşımı hesaplanamadı: belge kimliği YYYY-AA biçiminde bir ay olmalı (örneğin 2026-10); "${periodId}" değil.`;
  }
  if (netProfit === undefined || netProfit === null) {
    return "Kâr paylaşımı hesaplanamadı: netProfit alanı yok. Ayın net kârını TL olarak number türünde yazın.";
  }
  if (typeof netProfit !== "number" || !Number.isFinite(netProfit)) {
    return `Kâr paylaşımı hesaplanamadı: netProfit number türünde olmalı; yazılan: ${shown(netProfit)}.`;
  }
  if (netProfit < 0) {
    return `Kâr paylaşımı hesaplanamadı: netProfit negatif olamaz (zarar edilen ay için 0 yazın); yazılan: ${netProfit}.`;
  }
  return null;
}

/** `config/platform.profitRate`; absent means the default rate. */
export function profitRateProblem(value: unknown): string | null {
  if (value === undefined || value === null || isValidProfitRate(value)) return null;
  return `Kâr oranı uygulanamadı: profitRate 0 ile 1 arasında bir number olmalı (%12 için 0.12); yazılan: ${shown(value)}.`;
}

/** The announcement of a new rate, as the mail and the platform's banner say it. */
export function rateChangeText(from: number, to: number): string {
  return `Platformun net kârdan aldığı pay ${formatRateTr(from)} yerine ${formatRateTr(to)} olarak güncellendi.`;
}

/** Until when an announcement made at `now` is shown. */
export function announcementEndsAt(now: Date): Date {
  return new Date(now.getTime() + ANNOUNCEMENT_DAYS * 24 * 60 * 60 * 1000);
}

/** Replaces `{profitRate}` in a text (a FAQ answer) with the current rate: "%10". */
export function fillPlatformFacts(text: string, facts: { profitRate: number }): string {
  return text.replaceAll("{profitRate}", formatRateTr(facts.profitRate));
}
