import type { AdminApiError } from "@shared/api/admin-api";

/** The one way admin screens call /api/admin: same-origin cookies, JSON errors turned into ApiError. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly code: AdminApiError["code"] | null = null,
    readonly fieldErrors: NonNullable<AdminApiError["fieldErrors"]> = {},
  ) {
    super(message);
  }
}

export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The server refused the input itself (its message says why), as opposed to failing to answer. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

/** An error answer's parsed body as an ApiError; a body that is no AdminApiError envelope keeps the status only. */
export function apiErrorOf(status: number, json: unknown): ApiError {
  const body = (typeof json === "object" && json !== null ? json : {}) as { [K in keyof AdminApiError]?: unknown };
  return new ApiError(
    status,
    typeof body.error === "string" ? body.error : "",
    typeof body.code === "string" ? body.code : null,
    typeof body.fieldErrors === "object" && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string>) : {},
  );
}

/** Reads the AdminApiError envelope; anything else (a proxy's page, an empty answer) keeps the status only. */
async function failure(res: Response): Promise<ApiError> {
  return apiErrorOf(res.status, await res.json().catch(() => null));
}

export async function adminRequest(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`/api/admin${path}`, {
    credentials: "same-origin",
    ...init,
    // A form upload's body sets its own multipart type, boundary included.
    headers: { Accept: "application/json", ...(init.body && !(init.body instanceof FormData) ? { "Content-Type": "application/json" } : {}), ...init.headers },
  });
  if (!res.ok) throw await failure(res);
  return res;
}

export async function adminJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await (await adminRequest(path, init)).json()) as T;
}

/**
 * Downloads a CSV export: POSTs `body` (filters stay out of the URL), then saves the answer under
 * the name its Content-Disposition gives, or `fallbackName`.
 */
export async function downloadAdminExport(path: string, body: unknown, fallbackName: string): Promise<void> {
  const res = await adminRequest(path, { method: "POST", body: JSON.stringify(body) });
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
