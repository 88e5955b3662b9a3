import { RuleTester } from "eslint";
import { describe, expect, it } from "vitest";
import webRules, { fileNameProblem } from "../../eslint/web-rules.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });
const inFeature = "/repo/web/src/features/account/AccountPage.tsx";

tester.run("feature-boundaries", webRules.rules["feature-boundaries"], {
  valid: [
    { filename: inFeature, code: 'import { x } from "./data";' },
    { filename: inFeature, code: 'import { x } from "../../lib/projectRules";' },
    { filename: inFeature, code: 'import { x } from "../../components/Section";' },
    { filename: inFeature, code: 'import { x } from "@platform/common";' },
    {
      filename: "/repo/web/src/app/router.tsx",
      code: 'const p = import("../features/faq/FaqPage");',
    },
    { filename: "/repo/web/src/lib/x.ts", code: 'import { y } from "../features/account/data";' },
  ],
  invalid: [
    {
      filename: inFeature,
      code: 'import { projectStatusText } from "../projects/rules";',
      errors: [{ messageId: "crossFeature", data: { from: "account", to: "projects" } }],
    },
    {
      filename: inFeature,
      code: 'export { x } from "../../features/voting/data";',
      errors: [{ messageId: "crossFeature" }],
    },
    {
      filename: "/repo/web/src/features/notifications/deep/Row.tsx",
      code: 'const m = import("../../voting/VoteModal");',
      errors: [{ messageId: "crossFeature", data: { from: "notifications", to: "voting" } }],
    },
  ],
});

tester.run("file-naming", webRules.rules["file-naming"], {
  valid: [
    "/r/web/src/features/account/AccountPage.tsx",
    "/r/web/src/lib/flashToast.ts",
    "/r/web/src/lib/useSession.tsx",
    "/r/web/src/lib/api/client.http.test.ts",
    "/r/web/src/vite-env.d.ts",
  ].map((filename) => ({ filename, code: "export {};" })),
  invalid: [
    "/r/web/src/lib/app-check.ts",
    "/r/web/src/lib/Format.ts",
    "/r/web/src/lib/payment_rules.ts",
    "/r/web/src/lib/rules.Test.ts",
  ].map((filename) => ({ filename, code: "export {};", errors: [{ messageId: "badName" }] })),
});

describe("file name convention", () => {
  it("says why a name is refused", () => {
    expect(fileNameProblem("Format.ts")).toMatch(/PascalCase is for .tsx/);
    expect(fileNameProblem("app-check.ts")).toMatch(/camelCase/);
    expect(fileNameProblem("PageMeta.tsx")).toBeNull();
  });
});
