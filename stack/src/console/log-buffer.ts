/**
 * The stack's recent log lines in memory (bounded), for the console's Logs page: the orchestrator
 * adds the firebase-tools output and the job clock's lines as they are printed.
 */
export interface LogLine {
  seq: number;
  time: string;
  /** Which part of the stack printed it: "firebase", "jobs", "console"… */
  source: string;
  text: string;
}

const DEFAULT_CAPACITY = 5000;
/** Terminal colour codes: firebase-tools colours its output, the page shows plain text. */
const ANSI_ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");

export class LogBuffer {
  private readonly lines: LogLine[] = [];
  private nextSeq = 1;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  add(source: string, text: string): void {
    const plain = text.replace(ANSI_ESCAPES, "");
    this.lines.push({ seq: this.nextSeq++, time: new Date().toISOString(), source, text: plain });
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  /** Lines after `since` containing `search` (case-insensitive), newest last, at most `limit`. */
  query(opts: { since?: number; search?: string; source?: string; limit?: number }): LogLine[] {
    const needle = opts.search?.trim().toLowerCase() ?? "";
    const matching = this.lines.filter(
      (l) =>
        l.seq > (opts.since ?? 0) &&
        (!opts.source || l.source === opts.source) &&
        (!needle || l.text.toLowerCase().includes(needle)),
    );
    return matching.slice(-(opts.limit ?? 1000));
  }
}
