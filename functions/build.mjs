// Bundles the functions into lib/index.js, the file firebase.json deploys and the Functions
// emulator loads. Runtime dependencies stay external (installed from package.json on deploy);
// workspace code is inlined, so the deployed folder needs nothing outside itself.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";

const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));

await build({
  entryPoints: ["src/index.ts"],
  outfile: "lib/index.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
