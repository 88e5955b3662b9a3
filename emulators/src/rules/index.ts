/**
 * Security-rules engine: `loadRules` compiles a firestore.rules / storage.rules file, and the
 * returned CompiledRules decides requests. See docs/rules-engine.md for what is supported.
 */
import type { CompiledRules } from "./api.js";
import { Engine, type EngineOptions } from "./engine.js";
import { parseRules } from "./parser.js";
import { resolveRuleset } from "./resolve.js";

export * from "./api.js";
export type { EngineOptions } from "./engine.js";

/** Throws RulesLoadError (file:line:column: detail) on anything the engine does not understand. */
export function loadRules(
  source: string,
  fileName: string,
  options?: EngineOptions,
): CompiledRules {
  const rules = parseRules(source, fileName);
  resolveRuleset(rules, fileName);
  return new Engine(rules, fileName, options);
}
