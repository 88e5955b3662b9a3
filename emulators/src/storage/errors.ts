/**
 * An error that maps onto one HTTP response. Both APIs share the JSON error body shape of Google
 * APIs (`{ error: { code, message, errors: [{ reason }] } }`); the Firebase SDK only looks at the
 * status code, the GCS client also reads `message` and `errors[].reason`.
 */
export class StorageHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string = reasonFor(status),
  ) {
    super(message);
    this.name = "StorageHttpError";
  }

  toBody(): unknown {
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [{ message: this.message, domain: "global", reason: this.reason }],
      },
    };
  }
}

function reasonFor(status: number): string {
  switch (status) {
    case 400:
      return "invalid";
    case 401:
      return "required";
    case 403:
      return "forbidden";
    case 404:
      return "notFound";
    case 409:
      return "conflict";
    case 412:
      return "conditionNotMet";
    case 413:
      return "uploadTooLarge";
    case 416:
      return "requestedRangeNotSatisfiable";
    default:
      return status >= 500 ? "backendError" : "invalid";
  }
}

export const notFound = (what = "Not Found."): StorageHttpError => new StorageHttpError(404, what);
export const badRequest = (message: string): StorageHttpError => new StorageHttpError(400, message);
export const permissionDenied = (message = "Permission denied."): StorageHttpError =>
  new StorageHttpError(403, message);
