/** The service harness plus the jobs harness's document dump, for suites that compare writes. */
export * from "./harness.js";
export { dump, plain } from "../jobs/harness.js";
