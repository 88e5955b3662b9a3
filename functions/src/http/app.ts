import express, { type ErrorRequestHandler, type Express } from "express";
import { logger } from "firebase-functions";
import { healthRouter } from "./health.js";

/**
 * The Express app behind the `api` function. Routes are mounted under `/api` because Hosting
 * forwards the original path (`/api/health`) to the function.
 */
export function createApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.use(express.json({ limit: "1mb" }));

  const api = express.Router();
  api.use(healthRouter);
  app.use("/api", api);

  app.use((_req, res) => {
    res.status(404).json({ success: false, message: "İstenen adres bulunamadı." });
  });

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    // Malformed JSON bodies are the client's fault; everything else is logged, never echoed.
    if (isBodyParseError(err)) {
      res.status(400).json({ success: false, message: "İstek gövdesi geçerli bir JSON değil." });
      return;
    }
    logger.error("Unhandled error", { path: req.path, method: req.method, error: String(err) });
    res.status(500).json({ success: false, message: "Bir hata oluştu" });
  };
  app.use(onError);
  return app;
}

function isBodyParseError(err: unknown): boolean {
  return (
    typeof err === "object" &&
    err !== null &&
    "type" in err &&
    (err as { type?: unknown }).type === "entity.parse.failed"
  );
}
