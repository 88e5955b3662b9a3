import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { REGION } from "@platform/common";
import { createApp } from "./http/app.js";

// The region: common/src/deployment.ts.
setGlobalOptions({ region: REGION, maxInstances: 10 });

/** The whole `/api` contract, served behind the Hosting rewrite `/api/** → api`. */
export const api = onRequest({ cors: false, timeoutSeconds: 60, memory: "512MiB" }, createApp());

/** The weekly cycle and the sweeps as scheduled functions (README, "Scheduled jobs"). */
export {
  jobAnnounceHiring,
  jobAnnounceProfitRate,
  jobApplyRemovalDecisions,
  jobCloseVotes,
  jobGoLive,
  jobOpenVotes,
  jobProfitShare,
  jobRetention,
  jobSelectApplicants,
} from "./jobs/scheduled.js";
