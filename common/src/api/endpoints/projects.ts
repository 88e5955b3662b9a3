/** Projects: the list, one project, a member's projects, leaving and editing (spec §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField } from "../fields.js";
import type { LeftProjectDto, ProjectDto, UserProjectDto } from "../types.js";

const projectId = idField(messages.projects.invalidId);
const P = messages.projects;

export const list = endpoint({
  ...routes.projects.list,
  access: "public",
  response: data<ProjectDto[]>(),
});

export const userProjects = endpoint({
  ...routes.projects.userProjects,
  access: "public",
  params: z.object({ userId: idField(messages.users.invalidId) }),
  response: data<UserProjectDto[]>(),
});

export const leave = endpoint({
  ...routes.projects.leave,
  access: "member",
  body: z.object({ projectId }),
  response: data<LeftProjectDto>(),
});

export const update = endpoint({
  ...routes.projects.update,
  access: "member",
  params: z.object({ id: projectId }),
  body: z
    .strictObject({
      title: z.optional(
        z
          .string({ error: P.titleNotText })
          .check(
            z.trim(),
            z.minLength(2, { error: P.titleTooShort }),
            z.maxLength(120, { error: P.titleTooLong }),
          ),
      ),
      definition: z.optional(
        z
          .string({ error: P.definitionNotText })
          .check(z.trim(), z.maxLength(5000, { error: P.definitionTooLong })),
      ),
      completed_percentage: z.optional(
        z.pipe(
          z.coerce.number({ error: P.percentageRange }),
          z
            .number()
            .check(
              z.int({ error: P.percentageRange }),
              z.gte(0, { error: P.percentageRange }),
              z.lte(100, { error: P.percentageRange }),
            ),
        ),
      ),
    })
    .check(z.refine((b) => Object.keys(b).length > 0, { error: P.nothingToSave })),
  response: data<ProjectDto>(),
});

export const byId = endpoint({
  ...routes.projects.byId,
  access: "public",
  params: z.object({ id: projectId }),
  response: data<ProjectDto>(),
});
