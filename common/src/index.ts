export * from "./model/enums.js";
export * from "./model/timestamp.js";
export * from "./model/documents.js";
export * from "./model/collections.js";
export * from "./text/turkish.js";
export * from "./domain/business-time.js";
