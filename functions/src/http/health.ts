import { Router } from "express";

export const healthRouter = Router();

healthRouter.get("/health", (_req, res) => {
  res.json({
    success: true,
    data: { status: "ok", service: "api", time: new Date().toISOString() },
  });
});
