/**
 * A plain `/api` call with the member's ID token, for the two member actions the public screens
 * offer (applying to a position, asking to end the work with a mentor).
 */
import { auth } from "./firebase";

export interface ApiResult<T = unknown> {
  success?: boolean;
  message?: string;
  data?: T;
}

/** Thrown for a failed call, with the HTTP status (0 when the server did not answer). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const NO_RESPONSE_MESSAGE =
  "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.";

/** A call to the platform's `/api` with the member's ID token as Bearer. */
export async function apiCall<T = unknown>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const token = await auth.currentUser?.getIdToken();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: "include",
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ApiError(0, NO_RESPONSE_MESSAGE);
  }
  const result = (await res.json().catch(() => ({}))) as ApiResult<T>;
  if (!res.ok) throw new ApiError(res.status, result.message ?? "Bir hata oluştu");
  return result;
}
