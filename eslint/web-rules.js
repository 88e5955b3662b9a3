/**
 * Local ESLint rules for the web app's structure (web/src):
 * - `feature-boundaries`: a feature folder (web/src/features/<name>) imports nothing from another
 *   feature folder; shared code lives in web/src/components or web/src/lib, and the app (router)
 *   is the only place that puts features together.
 * - `file-naming`: one naming convention. A file's name up to the first dot is camelCase, or
 *   PascalCase for a .tsx file (a component); further dot segments (".test", ".module") are
 *   lower case. Declaration files (.d.ts) keep the names their tools give them.
 */
import { basename, dirname, relative, resolve, sep } from "node:path";

/** The feature a file belongs to (`account` for web/src/features/account/x.ts), else null. */
function featureOf(file) {
  const parts = file.split(sep);
  for (let i = parts.length - 3; i >= 1; i--) {
    if (parts[i - 1] === "src" && parts[i] === "features" && i + 2 <= parts.length - 1) {
      return { root: parts.slice(0, i + 1).join(sep), name: parts[i + 1] };
    }
  }
  return null;
}

const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports from one web feature folder into another." },
    schema: [],
    messages: {
      crossFeature:
        "'{{from}}' may not import from the feature '{{to}}': move the shared code to web/src/components or web/src/lib.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = relative(own.root, resolve(dirname(file), source));
      if (target.startsWith("..")) return; // outside web/src/features
      const feature = target.split(sep)[0];
      // A path naming a module right in features/ (no folder) belongs to no feature.
      if (!feature || feature === own.name || !target.includes(sep)) return;
      context.report({ node, messageId: "crossFeature", data: { from: own.name, to: feature } });
    };
    const fromSource = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) =>
        node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;
const SEGMENT = /^[a-z0-9]+$/;

/** Why a file name breaks the convention, or null when it follows it. */
export function fileNameProblem(name) {
  const [stem, ...rest] = name.split(".");
  const ext = rest.at(-1);
  const middle = rest.slice(0, -1);
  if (!middle.every((s) => SEGMENT.test(s))) return "its dot segments must be lower case";
  if (CAMEL.test(stem)) return null;
  if (PASCAL.test(stem)) return ext === "tsx" ? null : "PascalCase is for .tsx components";
  return "its name must be camelCase (PascalCase for a .tsx component)";
}

const fileNaming = {
  meta: {
    type: "suggestion",
    docs: { description: "camelCase file names, PascalCase for .tsx components." },
    schema: [],
    messages: { badName: "File name '{{name}}' breaks the naming convention: {{why}}." },
  },
  create(context) {
    const name = basename(context.filename);
    // Declaration files carry their tools' names (vite-env.d.ts).
    const why = name.endsWith(".d.ts") ? null : fileNameProblem(name);
    return why
      ? { Program: (node) => context.report({ node, messageId: "badName", data: { name, why } }) }
      : {};
  },
};

export default {
  meta: { name: "web-rules" },
  rules: { "feature-boundaries": featureBoundaries, "file-naming": fileNaming },
};
