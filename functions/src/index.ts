import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { createApp } from "./http/app.js";

// Members are in Türkiye; europe-west1 is the closest region with every service the platform uses.
setGlobalOptions({ region: "europe-west1", maxInstances: 10 });

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
