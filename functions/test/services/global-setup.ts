/**
 * Started once for all service suites: the Firebase Auth emulator of firebase-tools (its Express
 * app, run in this process; no Java, no CLI) and our Storage emulator. Test files get their hosts
 * through `inject`. Firestore is started per file by the jobs harness (a database per test).
 */
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { TestProject } from "vitest/node";
import { startStorageEmulator } from "@platform/emulators/storage";

/** The Auth emulator's project: the REST sign-in has no project in its path, so one for all. */
export const AUTH_PROJECT = "demo-services";

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorHost: string;
    storageEmulatorHost: string;
  }
}

interface AuthEmulatorModule {
  createApp(projectId: string): Promise<{ listen(port: number, host: string): Server }>;
}

export default async function setup(project: TestProject) {
  const require = createRequire(import.meta.url);
  const { createApp } = require("firebase-tools/lib/emulator/auth/server.js") as AuthEmulatorModule;
  const auth = (await createApp(AUTH_PROJECT)).listen(0, "127.0.0.1");
  await new Promise((resolve) => auth.once("listening", resolve));
  const storage = await startStorageEmulator({ port: 0, quiet: true });
  project.provide("authEmulatorHost", `127.0.0.1:${(auth.address() as AddressInfo).port}`);
  project.provide("storageEmulatorHost", `127.0.0.1:${storage.port}`);
  return async () => {
    auth.closeAllConnections?.();
    await new Promise((resolve) => auth.close(resolve));
    await storage.close();
  };
}
