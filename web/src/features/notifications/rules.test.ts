import { NOTIFICATION_TYPES, type NotificationType } from "@platform/common";
import { describe, expect, it } from "vitest";
import { elapsedText, notificationAction, titleOf } from "./rules";
import { accountPath, screens } from "../../app/screens";

const now = new Date("2026-11-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe("elapsed text", () => {
  it("minutes under an hour", () => {
    expect(elapsedText(ago(0), now)).toBe("0 dk önce");
    expect(elapsedText(ago(59_999), now)).toBe("0 dk önce");
    expect(elapsedText(ago(MIN), now)).toBe("1 dk önce");
    expect(elapsedText(ago(59 * MIN + 59_999), now)).toBe("59 dk önce");
  });

  it("hours and minutes under a day", () => {
    expect(elapsedText(ago(60 * MIN), now)).toBe("1 saat 0 dk önce");
    expect(elapsedText(ago(2 * 60 * MIN + 5 * MIN), now)).toBe("2 saat 5 dk önce");
    expect(elapsedText(ago(24 * 60 * MIN - 1), now)).toBe("23 saat 59 dk önce");
  });

  it("days from a day on", () => {
    expect(elapsedText(ago(24 * 60 * MIN), now)).toBe("1 gün önce");
    expect(elapsedText(ago(3 * 24 * 60 * MIN + 23 * 60 * MIN), now)).toBe("3 gün önce");
  });

  it("a date slightly in the future reads as now", () => {
    expect(elapsedText(new Date(now.getTime() + 5_000), now)).toBe("0 dk önce");
  });
});

describe("click actions (docs/product-rules.md#notification-types)", () => {
  const content = { projectId: "p1", voteId: "v1", targetUser: "Ece Kaya", userName: "Can" };
  const action = (type: NotificationType, c: object = content) =>
    notificationAction({ type, content: c }, "elif-yildiz");

  it("project notifications open the list with the project highlighted", () => {
    for (const type of [
      "PROJECT_USER_DISCARDED",
      "PROJECT_ACCEPTED",
      "PROJECT_UPDATED",
      "PROJECT_HIRING",
      "PROJECT_USER_LEFT",
      "PROJECT_TO_LIVE",
    ] as const) {
      expect(action(type)).toEqual({
        kind: "navigate",
        to: screens.projects,
        state: { highlightProjectId: "p1" },
      });
    }
  });

  it("a rejection opens the list without a highlight", () => {
    expect(action("PROJECT_REJECTED")).toEqual({ kind: "navigate", to: screens.projects });
  });

  it("vote results and feedback open the rating section of the own account page", () => {
    for (const type of ["PROJECT_USER_VOTECOMPLETED", "PROJECT_USER_GOTFEEDBACK"] as const) {
      expect(action(type)).toEqual({
        kind: "navigate",
        to: `${accountPath("elif-yildiz")}#anketOylamasi`,
      });
    }
  });

  it("profit share notifications open the earnings section of the own account page", () => {
    for (const type of ["PROFIT_SHARE_HELD", "PROFIT_SHARE_RELEASED"] as const) {
      expect(action(type)).toEqual({
        kind: "navigate",
        to: `${accountPath("elif-yildiz")}#kazanclarim`,
      });
    }
  });

  it("vote time opens the rating popup with the voteId", () => {
    expect(action("PROJECT_USER_VOTETIME")).toEqual({ kind: "vote", voteId: "v1" });
    expect(action("PROJECT_USER_VOTETIME", {})).toEqual({
      kind: "navigate",
      to: screens.notifications,
    });
  });

  it("a project notification without a project id still opens the list", () => {
    expect(action("PROJECT_HIRING", {})).toEqual({ kind: "navigate", to: screens.projects });
  });

  it("every type has an action and a title", () => {
    for (const type of NOTIFICATION_TYPES) {
      expect(action(type).kind).toMatch(/navigate|vote/);
      expect(titleOf({ type, content })).not.toMatch(/[{}]/);
    }
    expect(titleOf({ type: "PROJECT_USER_VOTETIME", content })).toBe(
      "Ekip Arkadaşınız Ece Kaya için Oylama Zamanı!",
    );
    expect(titleOf({ type: "PROJECT_USER_LEFT", content })).toBe("Proje Ekibinden Can Ayrıldı!");
  });
});
