/**
 * Ids and bodies are checked before anything reaches Firestore: ids Firestore refuses (it answers
 * INVALID_ARGUMENT only after the SDK's retries, a slow 500) and lists or texts that would grow a
 * member's documents (skills are copied into every vote about them).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@platform/common";
import { createApp } from "../src/http/app.js";
import {
  idField as idSchema,
  namedListField as namedListSchema,
  profileUpdateBody,
  voteSubmissionBody,
} from "@platform/common/api";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createApp().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("document ids", () => {
  it("answers reserved ids in public paths with the route's Turkish 400", async () => {
    const cases: [string, string][] = [
      ["/api/users/__proto__", messages.users.invalidId],
      ["/api/projects/__proto__", "Geçersiz proje ID'si."],
      ["/api/positions/getPositionsByProjectId/__x__", "Geçersiz proje ID'si."],
      ["/api/images/__proto__", "Geçersiz görsel sahibi ID'si."],
      ["/api/projects/userProjects/__proto__", messages.users.invalidId],
    ];
    for (const [path, message] of cases) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it("answers a path segment that is not valid percent-encoding with a Turkish 400", async () => {
    for (const path of ["/api/users/%ZZ", "/api/projects/%ED%A0%80", "/api/users/type/%E0%A4%A"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        messages.general.invalidPath,
      );
    }
  });

  it("refuses what Firestore refuses, and keeps the ids the platform issues", () => {
    const id = idSchema("Geçersiz ID.");
    for (const bad of ["__proto__", "__x__", ".", "..", "a/b", "", "x".repeat(2000), "kötü"]) {
      expect(firstMessage(id.safeParse(bad)), bad).toBe("Geçersiz ID.");
    }
    for (const good of ["kCq3VH1bFv8oTnR5pQw2", "_x", "x__", "uid-with_dash"]) {
      expect(id.safeParse(good).success, good).toBe(true);
    }
  });
});

describe("PATCH /users body", () => {
  const many = (n: number, make: (i: number) => unknown) =>
    Array.from({ length: n }, (_, i) => make(i));

  it("passes a full profile through unchanged for the section rules", () => {
    const body = {
      personalData: {
        name: "Ayşe",
        gender: "",
        birthDate: "01/02/1998",
        address: { country: "Türkiye", city: "Ankara" },
        position: { name: "Tester" },
      },
      contactData: { email: "a@b.co", telephone: "0555", isEmailVerified: true },
      social_medias: ["github:https://github.com/a"],
      about: "Merhaba",
      skills: "not a list",
      languages: [{ language: "Türkçe", level: "İleri" }],
      edu_cert: ["Lise"],
      iban: "",
    };
    expect(profileUpdateBody.parse(body)).toEqual(body);
  });

  it("bounds every list's count", () => {
    const cases: [string, unknown, string][] = [
      ["skills", many(51, (i) => `s${i}`), messages.users.skillsTooMany],
      [
        "languages",
        many(21, (i) => ({ language: `l${i}`, level: "Orta" })),
        messages.users.languagesTooMany,
      ],
      ["edu_cert", many(21, (i) => `e${i}`), messages.users.eduCertTooMany],
      ["social_medias", many(11, () => "github:x"), messages.users.socialTooMany],
    ];
    for (const [field, value, message] of cases) {
      expect(firstMessage(profileUpdateBody.safeParse({ [field]: value })), field).toBe(message);
    }
  });

  it("bounds every text's length, in sections, at the top level and in list items", () => {
    const long = "x".repeat(2001);
    const cases: [unknown, string][] = [
      [{ personalData: { name: long } }, messages.users.nameTooLong],
      [{ name: long }, messages.users.nameTooLong],
      [{ personalData: { gender: long } }, messages.users.genderInvalid],
      [{ birthDate: long }, messages.users.birthDateInvalid],
      [{ address: long }, messages.users.addressTooLong],
      [{ personalData: { address: { country: long } } }, messages.users.addressTooLong],
      [{ personalData: { position: { name: long } } }, messages.users.positionUnknown],
      [{ contactData: { email: `${long}@b.co` } }, messages.users.emailTooLong],
      [{ telephone: long }, messages.users.telephoneDigits],
      [{ iban: long }, messages.users.ibanInvalid],
      [{ about: long }, messages.users.aboutTooLong],
      [{ skills: [{ name: long }] }, messages.users.skillNameInvalid],
      [{ languages: [{ language: long, level: "Orta" }] }, messages.users.languageNameTooLong],
      [{ edu_cert: [long] }, messages.users.eduCertTooLong],
      [{ social_medias: [`github:${long}`] }, messages.users.socialTooLong],
    ];
    for (const [body, message] of cases) {
      expect(
        firstMessage(profileUpdateBody.safeParse(body)),
        JSON.stringify(body).slice(0, 60),
      ).toBe(message);
    }
  });

  it("refuses skill names Firestore reserves, which would break every vote about the member", () => {
    expect(firstMessage(profileUpdateBody.safeParse({ skills: ["__x__"] }))).toBe(
      messages.users.skillNameInvalid,
    );
    expect(firstMessage(namedListSchema.safeParse([{ name: "__proto__" }]))).toBe(
      messages.users.skillNameInvalid,
    );
    expect(firstMessage(namedListSchema.safeParse(many(51, (i) => `s${i}`)))).toBe(
      messages.users.skillsTooMany,
    );
  });

  it("refuses unknown sections and sections that are not objects", () => {
    expect(firstMessage(profileUpdateBody.safeParse({ role: "ADMIN" }))).toBe(
      "Bilinmeyen alan: role",
    );
    expect(firstMessage(profileUpdateBody.safeParse({ personalData: [] }))).toBe(
      messages.users.sectionInvalid,
    );
  });
});

describe("vote submission body", () => {
  it("bounds the skill ratings by count and name length", () => {
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`s${i}`, 3]));
    expect(firstMessage(voteSubmissionBody.safeParse({ skillVotes: tooMany }))).toBe(
      messages.votes.skillVotesTooMany,
    );
    expect(
      firstMessage(voteSubmissionBody.safeParse({ skillVotes: { ["x".repeat(81)]: 3 } })),
    ).toBe(messages.users.skillNameInvalid);
    expect(voteSubmissionBody.safeParse({ skillVotes: { React: 4 } }).success).toBe(true);
  });

  it("bounds the texts", () => {
    expect(voteSubmissionBody.safeParse({ feedback: "x".repeat(2001) }).success).toBe(false);
    expect(voteSubmissionBody.safeParse({ discardReason: "x".repeat(1001) }).success).toBe(false);
  });
});
