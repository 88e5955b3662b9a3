/**
 * Access to the shared rules engine's `loadRules`. Loaded lazily so the emulator can start (and
 * serve admin traffic) in a checkout where the engine module is missing; in that case loading a
 * rules file fails with a clear message.
 */
import type { CompiledRules } from "../rules/api.js";

export type LoadRules = (source: string, fileName: string) => CompiledRules;

let engine: Promise<LoadRules> | undefined;

export function rulesEngine(): Promise<LoadRules> {
  const specifier = "../rules/index.js";
  engine ??= (import(/* @vite-ignore */ specifier) as Promise<{ loadRules: LoadRules }>).then(
    (module) => module.loadRules,
    (error: unknown) => {
      engine = undefined;
      throw new Error(`The security-rules engine could not be loaded: ${String(error)}`);
    },
  );
  return engine;
}
