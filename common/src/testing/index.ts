/**
 * Test-data builders (`@platform/common/testing`): for tests, seeds, demo data and benchmarks
 * only; nothing in the web app or the functions' runtime imports this entry.
 */
export * from "./written.js";
export * from "./builders.js";
