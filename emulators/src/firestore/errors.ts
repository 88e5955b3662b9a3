/**
 * Errors carry a gRPC status name; both transports map them (REST: HTTP status + Google's JSON
 * error body, gRPC: numeric code).
 */
export type StatusName =
  | "CANCELLED"
  | "UNKNOWN"
  | "INVALID_ARGUMENT"
  | "DEADLINE_EXCEEDED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION"
  | "ABORTED"
  | "OUT_OF_RANGE"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DATA_LOSS"
  | "UNAUTHENTICATED";

/** gRPC code and HTTP status per google/rpc/code.proto. */
const STATUS: Record<StatusName, [grpc: number, http: number]> = {
  CANCELLED: [1, 499],
  UNKNOWN: [2, 500],
  INVALID_ARGUMENT: [3, 400],
  DEADLINE_EXCEEDED: [4, 504],
  NOT_FOUND: [5, 404],
  ALREADY_EXISTS: [6, 409],
  PERMISSION_DENIED: [7, 403],
  RESOURCE_EXHAUSTED: [8, 429],
  FAILED_PRECONDITION: [9, 400],
  ABORTED: [10, 409],
  OUT_OF_RANGE: [11, 400],
  UNIMPLEMENTED: [12, 501],
  INTERNAL: [13, 500],
  UNAVAILABLE: [14, 503],
  DATA_LOSS: [15, 500],
  UNAUTHENTICATED: [16, 401],
};

export class FirestoreError extends Error {
  readonly grpcCode: number;
  readonly httpStatus: number;

  constructor(
    readonly code: StatusName,
    message: string,
  ) {
    super(message);
    this.name = "FirestoreError";
    [this.grpcCode, this.httpStatus] = STATUS[code];
  }
}

export const invalidArgument = (message: string) => new FirestoreError("INVALID_ARGUMENT", message);

export const permissionDenied = () =>
  new FirestoreError("PERMISSION_DENIED", "Missing or insufficient permissions.");

export const transactionInvalid = () =>
  new FirestoreError(
    "INVALID_ARGUMENT",
    "The referenced transaction has expired or is no longer valid.",
  );

export const transactionContention = () =>
  new FirestoreError(
    "ABORTED",
    "Transaction lock timeout or contention with another transaction; retry the transaction.",
  );
