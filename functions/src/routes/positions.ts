import { Router } from "express";
import { z } from "zod";
import { messages, parsePositionType } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as positions from "../services/positions.js";
import { idSchema } from "./schemas.js";

const projectId = idSchema("Geçersiz proje ID'si.");
const positionId = idSchema("Geçersiz pozisyon ID'si.");

const newPosition = z.object({
  positionName: z
    .union([z.string(), z.object({ name: z.string() })], { error: "Lütfen bir pozisyon seçin" })
    .transform((v) => (typeof v === "string" ? v : v.name).trim())
    .pipe(z.string().min(1, { error: "Lütfen bir pozisyon seçin" }).max(80)),
  expectations: z
    .array(z.union([z.string(), z.object({ name: z.string() })]), {
      error: "Beklentiler bir liste olmalıdır.",
    })
    .max(50)
    .default([])
    .transform((items) => [
      ...new Set(items.map((i) => (typeof i === "string" ? i : i.name).trim()).filter(Boolean)),
    ]),
  positionType: z.string({ error: "Pozisyon tipi Jr veya Sr olmalıdır." }).transform((v, ctx) => {
    const t = parsePositionType(v);
    if (!t) {
      ctx.addIssue({ code: "custom", message: "Pozisyon tipi Jr veya Sr olmalıdır." });
      return z.NEVER;
    }
    return t;
  }),
});

const addBody = z.object({
  projectId,
  positions: z
    .array(newPosition, { error: "Pozisyonlar bir liste olmalıdır." })
    .min(1, { error: messages.projects.nothingToSave })
    .max(20, { error: "Tek seferde en fazla 20 pozisyon eklenebilir." }),
});

export function positionsRouter(): Router {
  const r = Router();

  r.get(
    "/getPositionsByProjectId/:projectId",
    endpoint({ params: z.object({ projectId }) }, async ({ params, user }) => ({
      data: await positions.positionsByProject(user, params.projectId),
    })),
  );

  r.get(
    "/positionNames",
    endpoint({}, async () => ({ data: await positions.positionNames() })),
  );

  r.post(
    "/addPosition",
    endpoint({ auth: "required", body: addBody }, async ({ body, user, now }) => ({
      status: 201,
      message: messages.projects.positionsAdded,
      data: await positions.addPositions(user.uid, body.projectId, body.positions, now),
    })),
  );

  r.post(
    "/:positionId/apply",
    endpoint(
      { auth: "required", params: z.object({ positionId }) },
      async ({ params, user, now }) => ({
        status: 201,
        message: messages.projects.applySuccess,
        data: await positions.apply(user.uid, params.positionId, now),
      }),
    ),
  );

  r.delete(
    "/:positionId",
    endpoint(
      { auth: "required", params: z.object({ positionId }) },
      async ({ params, user, now }) => ({
        message: messages.projects.positionDeleted,
        data: await positions.deletePosition(user.uid, params.positionId, now),
      }),
    ),
  );

  return r;
}
