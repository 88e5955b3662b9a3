import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { type BuildKind, buildPolicy, cspMetaTag, parse } from "../build/content-security-policy";

async function hostingHeader(): Promise<string> {
  const config = JSON.parse(
    await readFile(new URL("../../firebase.json", import.meta.url), "utf8"),
  ) as { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } };
  const all = config.hosting.headers.find((h) => h.source === "**")!;
  return all.headers.find((h) => h.key === "Content-Security-Policy")!.value;
}

const demo: BuildKind = { demo: true, appCheck: false };
const production: BuildKind = { demo: false, appCheck: false };
const productionWithAppCheck: BuildKind = { demo: false, appCheck: true };

describe("Content-Security-Policy", () => {
  it("the Hosting header forbids inline and eval scripts, plugins, <base>, foreign forms and framing", async () => {
    const header = parse(await hostingHeader());
    expect(header["default-src"]).toEqual(["'self'"]);
    expect(header["script-src"]).toContain("'self'");
    expect(header["script-src"]!.some((s) => /unsafe|data:|blob:|\*/.test(s))).toBe(false);
    expect(header["object-src"]).toEqual(["'none'"]);
    expect(header["base-uri"]).toEqual(["'self'"]);
    expect(header["form-action"]).toEqual(["'self'"]);
    expect(header["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("every build's meta policy stays within the header, so no build is blocked by it", async () => {
    const header = parse(await hostingHeader());
    for (const kind of [demo, production, productionWithAppCheck]) {
      for (const [directive, sources] of Object.entries(buildPolicy(kind))) {
        const allowed = header[directive]!;
        expect(allowed, directive).toBeDefined();
        for (const source of sources) {
          if (source !== "'none'") expect(allowed, `${directive} ${source}`).toContain(source);
        }
      }
    }
  });

  it("a demo build reaches the local emulators and no Google endpoint", () => {
    const policy = buildPolicy(demo);
    expect(policy["connect-src"]).toContain("http://127.0.0.1:8080");
    expect(policy["connect-src"]).toContain("http://localhost:9199");
    expect(policy["img-src"]).toContain("http://127.0.0.1:9199");
    expect(
      Object.values(policy)
        .flat()
        .some((s) => s.includes("google")),
    ).toBe(false);
    expect(policy["frame-src"]).toEqual(["'none'"]);
  });

  it("a production build reaches Firebase's endpoints and no local address", () => {
    const policy = buildPolicy(production);
    expect(policy["connect-src"]).toEqual(
      expect.arrayContaining([
        "https://firestore.googleapis.com",
        "https://firebasestorage.googleapis.com",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
      ]),
    );
    const all = Object.values(policy).flat();
    expect(all.some((s) => /127\.0\.0\.1|localhost/.test(s))).toBe(false);
    expect(all.some((s) => s.includes("recaptcha") || s.includes("appcheck"))).toBe(false);
    expect(policy["script-src"]).toEqual(["'self'"]);
  });

  it("adds App Check and reCAPTCHA only when App Check is configured", () => {
    const policy = buildPolicy(productionWithAppCheck);
    expect(policy["connect-src"]).toContain("https://content-firebaseappcheck.googleapis.com");
    expect(policy["script-src"]).toContain("https://www.google.com/recaptcha/");
    expect(policy["frame-src"]).toContain("https://www.google.com/recaptcha/");
  });

  it("writes a meta element the HTML parser reads as one attribute value", () => {
    const tag = cspMetaTag(production);
    expect(tag).toMatch(/^<meta http-equiv="Content-Security-Policy" content="[^"<>]+" \/>$/);
  });
});
