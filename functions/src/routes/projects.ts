import { Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as projects from "../services/projects.js";
import { idSchema } from "./schemas.js";

const projectId = idSchema("Geçersiz proje ID'si.");

const updateBody = z
  .object({
    title: z
      .string({ error: "Proje başlığı metin olmalıdır." })
      .trim()
      .min(2, { error: "Proje başlığı en az 2 karakter olmalıdır." })
      .max(120, { error: "Proje başlığı en fazla 120 karakter olabilir." })
      .optional(),
    definition: z
      .string({ error: "Proje tanımı metin olmalıdır." })
      .trim()
      .max(5000, { error: "Proje tanımı en fazla 5000 karakter olabilir." })
      .optional(),
    completed_percentage: z.coerce
      .number({ error: messages.projects.percentageRange })
      .int({ error: messages.projects.percentageRange })
      .min(0, { error: messages.projects.percentageRange })
      .max(100, { error: messages.projects.percentageRange })
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: messages.projects.nothingToSave });

export function projectsRouter(): Router {
  const r = Router();

  r.get(
    "/",
    endpoint({}, async ({ user }) => ({ data: await projects.listProjects(user) })),
  );

  r.get(
    "/userProjects/:userId",
    endpoint(
      { params: z.object({ userId: idSchema(messages.users.invalidId) }) },
      async ({ params, now }) => ({ data: await projects.userProjects(params.userId, now) }),
    ),
  );

  r.patch(
    "/leftProject",
    endpoint({ auth: "required", body: z.object({ projectId }) }, async ({ body, user, now }) => ({
      message: messages.projects.leaveSuccess,
      data: await projects.leaveProject(user.uid, body.projectId, now),
    })),
  );

  r.patch(
    "/updateProject/:id",
    endpoint(
      { auth: "required", params: z.object({ id: projectId }), body: updateBody },
      async ({ params, body, user, now }) => ({
        message: messages.projects.updateSuccess,
        data: await projects.updateProject(user.uid, params.id, body, now),
      }),
    ),
  );

  r.get(
    "/:id",
    endpoint({ params: z.object({ id: projectId }) }, async ({ params, user }) => ({
      data: await projects.getProject(user, params.id),
    })),
  );

  return r;
}
