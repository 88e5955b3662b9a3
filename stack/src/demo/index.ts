export { buildDemoDataset, uidOf, type DemoDataset } from "./demo-dataset.js";
export { DEMO_PASSWORD, PEOPLE, PROJECTS } from "./demo-content.js";
export { demoAccountLines } from "./accounts.js";
export { seedDemoData } from "./seed.js";
