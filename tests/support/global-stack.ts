/**
 * Starts the whole local stack (our Firestore and Storage emulators, Auth, Functions, Hosting)
 * once for the end-to-end suites, with throw-away data, and stops it afterwards.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningStack, startStack } from "@platform/stack/stack";
import { artefactsDir } from "./artefacts.js";

let stack: RunningStack | undefined;

export async function setup(project: TestProject) {
  mkdirSync(artefactsDir, { recursive: true });
  const logFile = join(artefactsDir, "firebase-emulators.log");
  // Every suite calls from the same address: the registering suites need more than a client's
  // hourly budget. The other limits stay as in production (security-limits proves them).
  process.env.RATE_LIMITS = JSON.stringify({ registerPerIp: { max: 10_000 } });
  stack = await startStack({
    hosting: true,
    dataDir: null,
    clean: true,
    console: true,
    output: { file: logFile },
  });
  project.provide("stackUrls", stack.urls);
}

export async function teardown() {
  await stack?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    stackUrls: Record<string, string>;
  }
}
