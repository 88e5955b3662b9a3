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

/** Prints a matrix of results: one row per subject, one column per caller, "gl---" per cell. */
export function formatMatrix(
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
