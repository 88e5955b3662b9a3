import { describe, expect, it } from "vitest";
import {
  announcementEndsAt,
  fillPlatformFacts,
  payoutInputProblem,
  profitRateProblem,
  queuedProjectProblem,
  rateChangeText,
  removalDecisionProblem,
} from "../src/index.js";

const ts = { toDate: () => new Date("2026-11-20T09:00:00Z") };
const names = ["Project Manager", "Frontend Developer"];

describe("console input checks", () => {
  it("accepts a project written as the runbook says, positions without status included", () => {
    expect(
      queuedProjectProblem({
        project: {
          title: "Yeni",
          definition: "Açıklama",
          type: "WEB",
          isLive: false,
          goLiveAt: ts,
        },
        positions: [
          { id: "pm", data: { positionName: "Project Manager", type: "JUNIOR" } },
          {
            id: "fe",
            data: { positionName: "Frontend Developer", type: "SENIOR", expectations: ["React"] },
          },
        ],
        positionNames: names,
      }),
    ).toBeNull();
  });

  it("names every unusable field of a project and its positions", () => {
    const problem = queuedProjectProblem({
      project: { title: "", type: "web", isLive: "false", goLiveAt: "2026-11-20" },
      positions: [
        {
          id: "x",
          data: { positionName: "Proje Yöneticisi", type: "JUNİOR", expectations: "React" },
        },
      ],
      positionNames: names,
    })!;
    expect(problem).toMatch(/^Proje yayına alınamadı\. /);
    expect(problem).toContain('title alanı dolu bir metin olmalı; yazılan: "".');
    expect(problem).toContain('type alanı MOBILE, WEB, OTHER olmalı; yazılan: "web".');
    expect(problem).toContain('isLive alanı boolean false olmalı; yazılan: "false".');
    expect(problem).toContain('goLiveAt alanı timestamp türünde olmalı; yazılan: "2026-11-20".');
    expect(problem).toContain(
      'positions/x: positionName "Proje Yöneticisi" pozisyon listesinde (lookups/positionNames) yok.',
    );
    expect(problem).toContain(
      'positions/x: type alanı JUNIOR ya da SENIOR olmalı; yazılan: "JUNİOR".',
    );
    expect(problem).toContain("positions/x: expectations alanı metinlerden oluşan bir dizi");
    expect(
      queuedProjectProblem({
        project: { title: "T", type: "MOBILE" },
        positions: [],
        positionNames: null,
      }),
    ).toBe(
      "Proje yayına alınamadı. goLiveAt alanı yok: yayına alınacağı günü timestamp türünde yazın.",
    );
  });

  it("accepts REMOVE, KEEP and no decision yet; anything else is a problem", () => {
    expect(removalDecisionProblem(undefined)).toBeNull();
    expect(removalDecisionProblem(null)).toBeNull();
    expect(removalDecisionProblem("REMOVE")).toBeNull();
    expect(removalDecisionProblem("KEEP")).toBeNull();
    expect(removalDecisionProblem("remove")).toBe(
      'Karar uygulanamadı: decision alanı "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır) olmalı; yazılan: "remove".',
    );
    expect(removalDecisionProblem(true)).toContain("yazılan: true.");
  });

  it("checks a month's id and net profit", () => {
    expect(payoutInputProblem("2026-10", 125000)).toBeNull();
    expect(payoutInputProblem("2026-10", 0)).toBeNull();
    expect(payoutInputProblem("2026-13", 1)).toContain('"2026-13" değil');
    expect(payoutInputProblem("Ekim", 1)).toContain("YYYY-AA");
    expect(payoutInputProblem("2026-10", undefined)).toContain("netProfit alanı yok");
    expect(payoutInputProblem("2026-10", "125000")).toBe(
      'Kâr paylaşımı hesaplanamadı: netProfit number türünde olmalı; yazılan: "125000".',
    );
    expect(payoutInputProblem("2026-10", -5)).toContain("negatif olamaz");
  });

  it("checks the profit rate as a fraction", () => {
    expect(profitRateProblem(0.12)).toBeNull();
    expect(profitRateProblem(undefined)).toBeNull();
    expect(profitRateProblem(0)).toBeNull();
    expect(profitRateProblem(1)).toBeNull();
    expect(profitRateProblem(12)).toContain("(%12 için 0.12); yazılan: 12.");
    expect(profitRateProblem("0.12")).toContain('yazılan: "0.12".');
  });

  it("words the rate on the platform and runs an announcement 30 days", () => {
    expect(rateChangeText(0.1, 0.125)).toBe(
      "Platformun net kârdan aldığı pay %10 yerine %12,5 olarak güncellendi.",
    );
    expect(
      fillPlatformFacts("Pay: {profitRate} oranında; yine {profitRate}.", { profitRate: 0.12 }),
    ).toBe("Pay: %12 oranında; yine %12.");
    expect(announcementEndsAt(new Date("2026-11-23T07:00:00Z")).toISOString()).toBe(
      "2026-12-23T07:00:00.000Z",
    );
  });
});
