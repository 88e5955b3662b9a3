/**
 * A rules file an emulator serves: loaded at start (a file that does not load is an error there,
 * there is nothing to fall back to), then reloaded whenever it changes; an edit that does not load
 * is reported and the previous rules stay in force. Shared by the Firestore and Storage emulators.
 *
 * The file is polled (stat every RULES_POLL_MS) rather than watched with fs.watch: polling sees
 * editors that replace the file by renaming over it, and works on every file system (network and
 * container mounts often deliver no fs.watch events). The text is compared too, so touching the
 * file without changing it reloads nothing.
 */
import { unwatchFile, watchFile, type Stats } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { loadRules, type CompiledRules } from "../rules/index.js";

const RULES_POLL_MS = 250;

export interface RulesFileOptions {
  file: string;
  /** `service` the file must declare (cloud.firestore, firebase.storage); any when left out. */
  service?: CompiledRules["service"];
  /** Receives the compiled rules at start and after each change that loads. */
  apply(rules: CompiledRules): void;
  /** "loaded …" / "reloaded …" lines (the emulator adds its name). */
  info(message: string): void;
  /** The reason an edit was not taken (the previous rules stay). */
  warn(message: string): void;
}

export interface RulesFile {
  /** Re-reads the file now; resolves once the attempt is done (whether or not it loaded). */
  reload(): Promise<void>;
  close(): void;
}

export async function openRulesFile(opts: RulesFileOptions): Promise<RulesFile> {
  const file = resolve(opts.file);
  const compile = (source: string) => {
    const rules = loadRules(source, file);
    if (opts.service && rules.service !== opts.service) {
      throw new Error(`${file}: expected 'service ${opts.service}', found '${rules.service}'`);
    }
    return rules;
  };
  let source = await readFile(file, "utf8");
  opts.apply(compile(source));
  opts.info(`loaded rules from ${file}`);

  const reloadNow = async () => {
    let next: string;
    try {
      next = await readFile(file, "utf8");
    } catch (err) {
      opts.warn(`keeping the previous rules, cannot read ${file}: ${text(err)}`);
      return;
    }
    if (next === source) return;
    try {
      opts.apply(compile(next));
      source = next;
      opts.info(`reloaded rules from ${file}`);
    } catch (err) {
      opts.warn(`keeping the previous rules, ${file} failed to load: ${text(err)}`);
    }
  };
  // One reload at a time, in order, so an older text never overwrites a newer one.
  let reloading = Promise.resolve();
  const reload = () => (reloading = reloading.then(reloadNow));
  const onChange = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    void reload();
  };
  watchFile(file, { interval: RULES_POLL_MS, persistent: false }, onChange);
  return { reload, close: () => unwatchFile(file, onChange) };
}

function text(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
