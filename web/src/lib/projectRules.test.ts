import { describe, expect, it } from "vitest";
import {
  elapsedText,
  extractPresentationLink,
  isNewProject,
  joinRefusal,
  positionTypeLabel,
  projectStatusColor,
  projectStatusText,
  projectTypeLabel,
} from "./projectRules";

const now = new Date("2026-11-22T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("project status", () => {
  it("shows only Ongoing as running", () => {
    expect(projectStatusText("Ongoing")).toBe("Devam Ediyor");
    expect(projectStatusText("NotStarted")).toBe("Henüz Başlamadı");
    expect(projectStatusText("Completed")).toBe("Henüz Başlamadı");
    expect(projectStatusText("anything")).toBe("Henüz Başlamadı");
  });

  it("gives Completed its own colour", () => {
    expect(projectStatusColor("Ongoing")).toBe("green");
    expect(projectStatusColor("Completed")).toBe("blue");
    expect(projectStatusColor("NotStarted")).toBe("orange");
  });
});

describe("'Yeni Proje' badge", () => {
  it("is shown when the start is empty", () => {
    expect(isNewProject(null, now)).toBe(true);
  });

  it("is shown up to exactly 7 days after the start and not a millisecond later", () => {
    expect(isNewProject(ago(0), now)).toBe(true);
    expect(isNewProject(ago(7 * DAY), now)).toBe(true);
    expect(isNewProject(ago(7 * DAY + 1), now)).toBe(false);
    expect(isNewProject(ago(30 * DAY), now)).toBe(false);
  });
});

describe("elapsed text", () => {
  it("says Başlamadı without a start", () => {
    expect(elapsedText(null, now)).toBe("Başlamadı");
  });

  it("uses hours and minutes under a day", () => {
    expect(elapsedText(ago(0), now)).toBe("0 saat 0 dk");
    expect(elapsedText(ago(5 * MIN), now)).toBe("0 saat 5 dk");
    expect(elapsedText(ago(3 * HOUR + 7 * MIN), now)).toBe("3 saat 7 dk");
    expect(elapsedText(ago(DAY - 1), now)).toBe("23 saat 59 dk");
  });

  it("uses whole days from one day on", () => {
    expect(elapsedText(ago(DAY), now)).toBe("1 gün");
    expect(elapsedText(ago(9 * DAY + 23 * HOUR), now)).toBe("9 gün");
  });
});

describe("labels", () => {
  it("names project types", () => {
    expect(projectTypeLabel("MOBILE")).toBe("Mobil");
    expect(projectTypeLabel("WEB")).toBe("Web");
    expect(projectTypeLabel("OTHER")).toBe("Diğer");
  });

  it("names position types Jr and Sr", () => {
    expect(positionTypeLabel("JUNIOR")).toBe("Jr");
    expect(positionTypeLabel("SENIOR")).toBe("Sr");
    expect(positionTypeLabel("Sr")).toBe("Sr");
  });
});

describe("'Proje Sunumu' link extraction", () => {
  it("leaves a description without a link untouched", () => {
    expect(extractPresentationLink("  Bir mobil uygulama.  ")).toEqual({
      text: "Bir mobil uygulama.",
      link: null,
    });
  });

  it("pulls the first link out of the text", () => {
    expect(
      extractPresentationLink("Kampüs etkinlik uygulaması. Sunum: https://example.com/sunum.pdf"),
    ).toEqual({
      text: "Kampüs etkinlik uygulaması. Sunum:",
      link: "https://example.com/sunum.pdf",
    });
  });

  it("keeps trailing punctuation out of the link and joins the text around it", () => {
    expect(
      extractPresentationLink(
        "Sunumu (https://docs.example.com/d/abc?x=1) inceleyin. Sonra başlayın.",
      ),
    ).toEqual({
      text: "Sunumu () inceleyin. Sonra başlayın.",
      link: "https://docs.example.com/d/abc?x=1",
    });
    expect(extractPresentationLink("Detaylar http://example.org/p, ekipte.")).toEqual({
      text: "Detaylar , ekipte.",
      link: "http://example.org/p",
    });
  });

  it("takes only the first of several links and keeps line breaks", () => {
    const result = extractPresentationLink("Satır bir\nhttps://a.example/x\nhttps://b.example/y");
    expect(result.link).toBe("https://a.example/x");
    expect(result.text).toBe("Satır bir\n\nhttps://b.example/y");
  });
});

describe("joining a project", () => {
  const member = { position: { name: "Frontend Developer" } };

  it("refuses a member in a project, and one whose application is pending", () => {
    const inProject = "Katılmış olduğunuz proje bulunmaktadır.";
    expect(joinRefusal({ ...member, currentProjectId: "p1" }, "Frontend Developer")).toBe(
      inProject,
    );
    expect(
      joinRefusal(
        { ...member, activeApplication: { projectId: "p2", positionId: "x" } },
        "Frontend Developer",
      ),
    ).toBe(inProject);
  });

  it("compares position names as the server does: case and surrounding spaces ignored", () => {
    expect(joinRefusal(member, "  frontend DEVELOPER ")).toBeNull();
    expect(joinRefusal(member, "Backend Developer")).toBe(
      "Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.",
    );
    expect(joinRefusal({ position: null }, "Frontend Developer")).toBe(
      "Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.",
    );
  });
});
