import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import webRules from "./eslint/web-rules.js";

const noFocusedOrSkippedTests = [
  { selector: "CallExpression[callee.property.name='only']", message: "No focused tests." },
  { selector: "CallExpression[callee.property.name='skip']", message: "No skipped tests." },
];

/**
 * A platform package, or a relative import that climbs out of emulators/ into a platform
 * workspace. "\x2F" is "/": ESLint's selector syntax allows no slash inside a regex.
 */
const PLATFORM_SOURCE =
  "^@platform\\x2F|^(\\.\\.\\x2F)+(common|functions|stack|web|tests)(\\x2F|$)";
const PLATFORM_IMPORT =
  "emulators/ imports nothing of the platform (common, functions, stack, web, tests): keep it generic.";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "functions/lib/**",
      "**/.emulator-data/**",
      "**/test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": ["error", ...noFocusedOrSkippedTests],
    },
  },
  {
    // emulators/ is a product of its own, usable by any Firebase project: nothing of the platform
    // (its workspaces, or the repository folders around it) may be imported there.
    files: ["emulators/**/*.{ts,tsx,js,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: PLATFORM_SOURCE, message: PLATFORM_IMPORT }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...noFocusedOrSkippedTests,
        {
          selector: `ImportExpression[source.value=/${PLATFORM_SOURCE}/]`,
          message: PLATFORM_IMPORT,
        },
      ],
    },
  },
  {
    // The web app's structure: features stay independent, hooks follow React's rules, and one
    // file-naming convention (eslint/web-rules.js).
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, web: webRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/exhaustive-deps": "error",
      "web/feature-boundaries": "error",
      "web/file-naming": "error",
    },
  },
);
