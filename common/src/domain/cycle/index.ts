export * from "./week.js";
export * from "./go-live.js";
export * from "./selection.js";
export * from "./vote-opening.js";
export * from "./vote-closing.js";
export * from "./removal.js";
export * from "./profit-share.js";
export * from "./mail-retention.js";
