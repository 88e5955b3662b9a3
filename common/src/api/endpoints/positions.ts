/** Open positions: listing, adding, applying and deleting (spec §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { parsePositionType } from "../../domain/project-rules.js";
import { PROFILE_LIMITS } from "../../domain/profile-limits.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField } from "../fields.js";
import type { ApplicationDto, DeletedPositionDto, PositionDto } from "../types.js";

const P = messages.projects;
const projectId = idField(P.invalidId);
const positionParams = z.object({ positionId: idField(P.invalidPositionId) });

const nameOf = (v: string | { name: string }) => (typeof v === "string" ? v : v.name).trim();

const newPosition = z.object({
  positionName: z.pipe(
    z.pipe(
      z.union([z.string(), z.object({ name: z.string() })], { error: P.positionNameRequired }),
      z.transform(nameOf),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: P.positionNameRequired }),
        z.maxLength(PROFILE_LIMITS.position),
      ),
  ),
  expectations: z.pipe(
    z._default(
      z
        .array(z.union([z.string(), z.object({ name: z.string() })]), {
          error: P.expectationsNotList,
        })
        .check(z.maxLength(50)),
      [],
    ),
    z.transform((items) => [...new Set(items.map(nameOf).filter(Boolean))]),
  ),
  positionType: z.pipe(
    z
      .string({ error: P.positionTypeInvalid })
      .check(z.refine((v) => parsePositionType(v) !== null, { error: P.positionTypeInvalid })),
    z.transform((v) => parsePositionType(v)!),
  ),
});

export const byProject = endpoint({
  ...routes.positions.byProject,
  access: "public",
  params: z.object({ projectId }),
  response: data<PositionDto[]>(),
});

export const names = endpoint({
  ...routes.positions.names,
  access: "public",
  response: data<{ name: string }[]>(),
});

export const add = endpoint({
  ...routes.positions.add,
  access: "member",
  body: z.object({
    projectId,
    positions: z
      .array(newPosition, { error: P.positionsNotList })
      .check(
        z.minLength(1, { error: P.nothingToSave }),
        z.maxLength(20, { error: P.positionsTooMany }),
      ),
  }),
  response: data<Omit<PositionDto, "projectId" | "hasApplied">[]>(),
});

export const apply = endpoint({
  ...routes.positions.apply,
  access: "member",
  params: positionParams,
  response: data<ApplicationDto>(),
});

export const remove = endpoint({
  ...routes.positions.remove,
  access: "member",
  params: positionParams,
  response: data<DeletedPositionDto>(),
});
