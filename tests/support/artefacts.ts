import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Screenshots and logs of the end-to-end suites (git-ignored, kept by CI as artefacts). */
export const artefactsDir = join(dirname(fileURLToPath(import.meta.url)), "../test-results");
export const screenshotsDir = join(artefactsDir, "screenshots");
