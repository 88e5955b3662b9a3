/**
 * Commit timestamps: strictly increasing, so successive versions of a document always differ.
 * They fall on whole milliseconds because rules see `request.time` as a JS Date, and a server
 * timestamp must equal `request.time` exactly (a common rule). Under more than 1000 commits per
 * second the clock runs ahead of real time until the load drops.
 */
export function formatTimestamp(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return base + "Z";
  let digits = String(nanos).padStart(9, "0");
  if (digits.endsWith("000000")) digits = digits.slice(0, 3);
  else if (digits.endsWith("000")) digits = digits.slice(0, 6);
  return `${base}.${digits}Z`;
}

/** Normalises any RFC 3339 timestamp (offsets, 0-9 fractional digits) to the canonical form. */
export function normalizeTimestamp(text: string): string | null {
  const m =
    /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) return null;
  const millis = Date.parse(`${m[1]}T${m[2]}${m[4]!.toUpperCase()}`);
  if (Number.isNaN(millis)) return null;
  const seconds = Math.floor(millis / 1000);
  if (seconds < -62135596800 || seconds > 253402300799) return null;
  return formatTimestamp(seconds, m[3] ? Number(m[3].padEnd(9, "0")) : 0);
}

export class CommitClock {
  private lastMicros = 0;

  constructor(private readonly now: () => Date) {}

  next(): string {
    let micros = this.now().getTime() * 1000;
    if (micros <= this.lastMicros) micros = this.lastMicros + 1000;
    this.lastMicros = micros;
    return formatTimestamp(Math.floor(micros / 1e6), (micros % 1e6) * 1000);
  }

  /**
   * A read time: the current time, never before the last commit. A commit later in the same
   * millisecond must not share it (a snapshot at this time would then see that commit), so every
   * commit after it gets a later time.
   */
  current(): string {
    const micros = Math.max(this.now().getTime() * 1000, this.lastMicros);
    this.lastMicros = micros;
    return formatTimestamp(Math.floor(micros / 1e6), (micros % 1e6) * 1000);
  }
}
