/**
 * The kinds of caller every rules matrix checks (issue: visitor, signed-in stranger, the owner,
 * a member of the same project, a member of another project, the project manager, HR, ops, admin).
 */
export const CALLERS = [
  "visitor",
  "stranger",
  "owner",
  "teammate",
  "otherProject",
  "manager",
  "hr",
  "ops",
  "admin",
] as const;
export type CallerKind = (typeof CALLERS)[number];

export const OPERATIONS = ["get", "list", "create", "update", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Uid and custom claims of each caller (visitor: not signed in). */
export const IDENTITY: Record<CallerKind, { uid: string; role?: string } | null> = {
  visitor: null,
  stranger: { uid: "u-stranger" },
  owner: { uid: "u-owner" },
  teammate: { uid: "u-teammate" },
  otherProject: { uid: "u-other" },
  manager: { uid: "u-manager" },
  hr: { uid: "u-hr", role: "hr" },
  ops: { uid: "u-ops", role: "ops" },
  admin: { uid: "u-admin", role: "admin" },
};

/** The live project of owner, teammate and manager; the other member's live project; a queued one. */
export const PROJECT = "p-live";
export const OTHER_PROJECT = "p-other";
export const QUEUED_PROJECT = "p-queued";

export type Expectation = Record<CallerKind, Partial<Record<Operation, boolean>>>;

/** Builds an expectation row: `readers` may get (and list), nobody may write. */
export function readOnly(
  getters: CallerKind[] | "all",
  listers: CallerKind[] | "all" = getters,
): Expectation {
  const row = {} as Expectation;
  for (const caller of CALLERS) {
    row[caller] = {
      get: getters === "all" || getters.includes(caller),
      list: listers === "all" || listers.includes(caller),
      create: false,
      update: false,
      delete: false,
    };
  }
  return row;
}

export interface MatrixResult {
  table: string;
  checked: number;
  mismatches: string[];
}

/**
 * Tries every operation for every subject and caller, compares with the subject's expectation
 * and renders the table. `prepare` runs before each caller's row (e.g. to restore objects a
 * permitted delete removed).
 */
export async function runMatrix<S extends { name: string; expect: Expectation }>(
  title: string,
  subjects: S[],
  attempt: (subject: S, caller: CallerKind, op: Operation) => Promise<boolean>,
  prepare: () => Promise<void> = async () => undefined,
): Promise<MatrixResult> {
  const rows: { subject: string; cells: Record<CallerKind, string> }[] = [];
  const mismatches: string[] = [];
  let checked = 0;
  for (const subject of subjects) {
    const cells = {} as Record<CallerKind, string>;
    for (const caller of CALLERS) {
      await prepare();
      let cell = "";
      for (const op of OPERATIONS) {
        const actual = await attempt(subject, caller, op);
        const expected = subject.expect[caller][op];
        if (typeof expected !== "boolean")
          throw new Error(`No expectation: ${subject.name} ${caller} ${op}`);
        checked++;
        if (actual !== expected) {
          mismatches.push(
            `${subject.name} · ${caller} · ${op}: expected ${expected ? "allow" : "deny"}`,
          );
        }
        cell += (actual ? op[0] : "-") + (actual !== expected ? "!" : "");
      }
      cells[caller] = cell;
    }
    rows.push({ subject: subject.name, cells });
  }
  return {
    table: `${formatMatrix(title, rows)}\n${checked} expectations checked.`,
    checked,
    mismatches,
  };
}

/** Renders a matrix of results: one row per subject, one column per caller, "gl---" per cell. */
function formatMatrix(
  title: string,
  rows: { subject: string; cells: Record<CallerKind, string> }[],
): string {
  const width = Math.max(...rows.map((r) => r.subject.length), 10);
  const header = ["subject".padEnd(width), ...CALLERS.map((c) => c.padEnd(12))].join(" │ ");
  const lines = rows.map((r) =>
    [r.subject.padEnd(width), ...CALLERS.map((c) => r.cells[c].padEnd(12))].join(" │ "),
  );
  const legend =
    "Cells list get/list/create/update/delete: a letter = allowed (g l c u d), '-' = denied; '!' marks a cell that differs from the expectation.";
  return [title, legend, header, "─".repeat(header.length), ...lines].join("\n");
}
