import type { Rule } from "eslint";

declare const webRules: {
  meta: { name: string };
  rules: Record<"feature-boundaries" | "file-naming", Rule.RuleModule>;
};
export default webRules;
/** Why a file name breaks the convention, or null when it follows it. */
export function fileNameProblem(name: string): string | null;
