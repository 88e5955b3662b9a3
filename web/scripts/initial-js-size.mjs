// Gzipped size of the JavaScript a first visit to a route loads before the page's first render (or
// hydration): the entry chunk, its static imports, and the route's own lazy chunk with its static
// imports. Code the app fetches after it started (the session wiring) is not counted; the browser
// suites' budgets count everything (tests/e2e/public-shell.e2e.test.ts). Run after the web build:
//   node web/scripts/initial-js-size.mjs [src/features/faq/FaqPage.tsx]
// Without a route: the home page (/).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const route = process.argv[2] ?? "src/features/home/HomePage.tsx";

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
// The scripts the shell loads (the manifest may not name the entry when it is a code-splitting
// group), then what they import.
// app.html: the shell as Vite wrote it (the prerendered pages load the same entry after painting).
const html = readFileSync(join(dist, "app.html"), "utf8");
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
for (const [, src] of html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)) {
  if (byFile.has(src)) visit(byFile.get(src));
  else files.add(src);
}
visit(route);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  initial JavaScript for ${route} (gzip)`);
