/** Serves the console's built single-page app: files by path, index.html for every other page. */
import { existsSync, readFileSync, statSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
};

/** The console's pages only load their own files; inline scripts and foreign hosts are refused. */
const CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function serveStatic(root: string, pathname: string, res: ServerResponse): void {
  const index = join(root, "index.html");
  if (!existsSync(index)) {
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(`The console is not built (${index} is missing): run npm run build.`);
    return;
  }
  let file = normalize(join(root, decodeURIComponent(pathname)));
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = index;
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": file === index ? "no-store" : "public, max-age=31536000, immutable",
  });
  res.end(readFileSync(file));
}
