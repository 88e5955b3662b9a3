/**
 * The Requests page's source: the rules decisions the Firestore and Storage emulators publish at
 * /emulator/v1/rules-decisions, fetched when the page asks and merged into one numbered list.
 */
import type { RulesDecisionRecord } from "@platform/emulators/rules-decisions";
import { callJson } from "./http.js";

export interface ConsoleRequest extends Omit<RulesDecisionRecord, "seq"> {
  /** The console's own number, across both emulators. */
  seq: number;
}

const CAPACITY = 2000;

export class RulesRequestFeed {
  private readonly seen = new Map<string, number>();
  private readonly records: ConsoleRequest[] = [];
  private nextSeq = 1;
  private pulling: Promise<void> | undefined;

  /** `emulators`: base URLs of the emulators that publish decisions, by service name. */
  constructor(private readonly emulators: Record<string, string>) {}

  /** Fetches what is new (one fetch at a time), then answers from the merged list. */
  async since(
    since: number,
    filter: { outcome?: "allowed" | "denied"; path?: string } = {},
  ): Promise<{ requests: ConsoleRequest[]; errors: string[] }> {
    const errors: string[] = [];
    this.pulling ??= this.pull(errors).finally(() => (this.pulling = undefined));
    await this.pulling;
    const path = filter.path?.trim().replace(/^\/+/, "") ?? "";
    const requests = this.records.filter(
      (r) =>
        r.seq > since &&
        (!filter.outcome || r.allowed === (filter.outcome === "allowed")) &&
        (!path || r.path.includes(path)),
    );
    return { requests, errors };
  }

  private async pull(errors: string[]): Promise<void> {
    const fresh: ConsoleRequest[] = [];
    await Promise.all(
      Object.entries(this.emulators).map(async ([name, url]) => {
        const after = this.seen.get(name) ?? 0;
        try {
          const page = await callJson<{ decisions: RulesDecisionRecord[] }>(
            `${url}/emulator/v1/rules-decisions?since=${after}`,
          );
          for (const d of page.decisions) fresh.push({ ...d });
          const last = page.decisions.at(-1);
          if (last) this.seen.set(name, last.seq);
        } catch (err) {
          errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
    fresh.sort((a, b) => a.time.localeCompare(b.time));
    for (const r of fresh) this.records.push({ ...r, seq: this.nextSeq++ });
    if (this.records.length > CAPACITY) this.records.splice(0, this.records.length - CAPACITY);
  }
}
