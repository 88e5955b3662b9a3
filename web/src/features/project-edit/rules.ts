/** Pure rules of the project edit page (docs/product-rules.md#screen-project-edit, #project-edit). */
import { messages } from "@platform/common";

export interface NewPosition {
  positionName: string;
  expectations: string[];
  positionType: "Jr" | "Sr";
}

/** 'Jr' or 'Sr' before a position name, the same as on the project detail. */
export { positionTypeLabel as typePrefix } from "../../lib/projectRules";

/** The choices of the add-position modal: every name once with each prefix. */
export function positionChoices(names: readonly string[]): { value: string; label: string }[] {
  return (["Jr", "Sr"] as const).flatMap((prefix) =>
    names.map((name) => ({ value: `${prefix}|${name}`, label: `${prefix} ${name}` })),
  );
}

/** A choice of the modal back as a new position; null when none is chosen (nothing to add). */
export function newPositionFrom(choice: string | null, expectations: string[]): NewPosition | null {
  if (!choice) return null;
  const [prefix, ...rest] = choice.split("|");
  const positionName = rest.join("|").trim();
  if ((prefix !== "Jr" && prefix !== "Sr") || !positionName) return null;
  return { positionName, expectations: [...new Set(expectations)], positionType: prefix };
}

export const clampPercentage = (value: number) =>
  Math.min(100, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));

export interface ProjectFields {
  title: string;
  definition: string;
  completed_percentage: number;
}

/** The fields that changed, trimmed; empty when nothing did. */
export function projectChanges(
  original: ProjectFields,
  edited: ProjectFields,
): Partial<ProjectFields> {
  const out: Partial<ProjectFields> = {};
  if (edited.title.trim() !== original.title) out.title = edited.title.trim();
  if (edited.definition.trim() !== original.definition) out.definition = edited.definition.trim();
  const pct = clampPercentage(edited.completed_percentage);
  if (pct !== original.completed_percentage) out.completed_percentage = pct;
  return out;
}

export type SavePlan =
  | { ok: false; message: string }
  | { ok: true; update: Partial<ProjectFields> | null; positions: NewPosition[] };

/**
 * What saving sends: the project update first (when something changed), then the positions held
 * locally; with neither, 'Kaydedilecek veri bulunamadı'.
 */
export function savePlan(
  original: ProjectFields,
  edited: ProjectFields,
  pending: readonly NewPosition[],
): SavePlan {
  const changes = projectChanges(original, edited);
  const update = Object.keys(changes).length > 0 ? changes : null;
  if (!update && pending.length === 0)
    return { ok: false, message: messages.projects.nothingToSave };
  return { ok: true, update, positions: [...pending] };
}
