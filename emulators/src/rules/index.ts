/**
 * Security-rules engine: `loadRules` compiles a firestore.rules / storage.rules file, and the
 * returned CompiledRules decides requests. See docs/rules-engine.md for what is supported.
 */
import { RulesLoadError, type CompiledRules } from "./api.js";
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
  try {
    const rules = parseRules(source, fileName);
    resolveRuleset(rules, fileName);
    return new Engine(rules, fileName, options, source);
  } catch (err) {
    // Pathologically nested input can exhaust the stack; report it like any other load error.
    if (err instanceof RangeError)
      throw new RulesLoadError(fileName, 1, 1, "Rules are nested too deeply.");
    throw err;
  }
}
