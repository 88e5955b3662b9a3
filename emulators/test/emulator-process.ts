/**
 * An emulator as a child process on a free port with one data directory for import and export,
 * as `npm start` runs them: what the crash tests kill with SIGKILL and start again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const emulatorsDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts `main` (e.g. src/firestore/main.ts) and resolves with the child and the first match of
 * `ready` in its output (the line that names its address).
 */
export async function startEmulatorProcess(
  main: string,
  dataDir: string,
  ready: RegExp,
): Promise<{ child: ChildProcess; ready: RegExpExecArray }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", main, "--port", "0", "--import", dataDir, "--export-on-exit", dataDir],
    { cwd: emulatorsDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 30_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}:\n${output}`)));
  });
  return { child, ready: match };
}
