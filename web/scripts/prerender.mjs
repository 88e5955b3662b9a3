// Writes the public pages' markup into their HTML files after `vite build` and the SSR build of
// src/prerender.tsx (see web/package.json "build"). Hosting serves `kvkk.html` for /kvkk
// (cleanUrls) and index.html for /; every other path is rewritten to app.html, the unrendered
// shell (firebase.json). Each page gets its title and description, a marker of the path it was
// rendered for (main.tsx hydrates only that) and its screen's stylesheets. Nothing is inlined as
// script: the Content-Security-Policy allows no inline scripts.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");
const ssrDir = join(dist, ".prerender");

const template = readFileSync(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const { PRERENDERED_PAGES, render } = await import(
  pathToFileURL(join(ssrDir, "prerender.js")).href
);

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of a page. */
function replaceOnce(html, pattern, replacement) {
  const matches = html.match(new RegExp(pattern, "g")) ?? [];
  if (matches.length !== 1) throw new Error(`index.html: expected one ${pattern}`);
  return html.replace(pattern, replacement);
}

/** Script and stylesheet files of a manifest chunk and its static imports. */
function chunkFiles(key, seen = new Set(), files = { js: [], css: [] }) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (src/prerender.tsx)`);
  if (seen.has(key)) return files;
  seen.add(key);
  files.js.push(chunk.file);
  files.css.push(...(chunk.css ?? []));
  for (const dep of chunk.imports ?? []) chunkFiles(dep, seen, files);
  return files;
}

/**
 * Stylesheets of the page's screen beyond index.html's: the prerendered markup needs them for its
 * first paint. Its scripts are not preloaded: they are needed for hydration only, and every request
 * started before the first paint competes with the stylesheets on a slow connection; the app
 * fetches them in parallel once it starts (Vite's preloading of a dynamic import's chunks).
 */
function routeStylesheets(module) {
  return chunkFiles(module)
    .css.filter((file) => !template.includes(`"/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join("\n    ");
}

/**
 * The prerendered pages start the app once they have been painted: the page is complete without
 * its scripts, which are needed only for hydration, so they do not compete with the HTML and the
 * stylesheets on a slow connection. A small module (no inline script) fetches the entry chunks of
 * index.html in parallel after the next frame (modulepreload: fetched and compiled, not run), then
 * runs them in order, each in a task of its own (React, the UI libraries, the app: vite.config.ts
 * groups them so), so that no single long task holds a phone's main thread while the app starts.
 * It is named by its content, as /assets is cached for good.
 */
function startScript() {
  const tags = [
    ...template.matchAll(
      /<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>\s*/g,
    ),
  ];
  if (tags.length === 0) throw new Error("index.html: no entry script");
  const code = `// Starts the app after the prerendered page's first paint (web/scripts/prerender.mjs).
const chunks = ${JSON.stringify(tags.map((t) => t[1]))};
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
requestAnimationFrame(() =>
  setTimeout(async () => {
    for (const href of chunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    for (const src of chunks) {
      await import(src);
      await nextTask();
    }
  }),
);
`;
  const file = `assets/start-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
  writeFileSync(join(dist, file), code);
  return {
    tags: tags.map((t) => t[0]),
    tag: `<script type="module" crossorigin src="/${file}"></script>\n    `,
  };
}

// The shell for every other path, before index.html becomes the home page.
writeFileSync(join(dist, "app.html"), template);
const start = startScript();

for (const page of PRERENDERED_PAGES) {
  const { html, meta } = await render(page.path);
  if (!meta) throw new Error(`${page.path} sets no page title (usePageMeta)`);
  let out = template;
  // Mantine sets the colour scheme attribute when the app starts; until then the light one.
  out = replaceOnce(out, /<html lang="tr">/, '<html lang="tr" data-mantine-color-scheme="light">');
  out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  );
  out = replaceOnce(out, /<\/head>/, `  ${routeStylesheets(page.module)}\n  </head>`);
  out = out.replace(start.tags[0], start.tag);
  for (const tag of start.tags.slice(1)) out = out.replace(tag, "");
  out = replaceOnce(out, /<body>/, `<body data-prerendered="${escapeHtml(page.path)}">`);
  out = replaceOnce(out, /<div id="root"><\/div>/, `<div id="root">${html}</div>`);
  writeFileSync(join(dist, page.file), out);
  console.log(`prerendered ${page.path.padEnd(30)} → dist/${page.file}`);
}

rmSync(ssrDir, { recursive: true, force: true });
