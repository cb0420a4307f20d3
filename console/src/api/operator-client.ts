import { HttpError } from 'react-admin';

/** The only API the console talks to. */
export const OPERATOR_API = '/admin/api/v1';

// Kept for this tab only: closing it signs the browser out, and other tabs sign in on their own.
const TOKEN_KEY = 'tessera.console.token';

export const sessionToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

export interface InvalidParam {
  name: string;
  reason: string;
  message: string;
}

/** The API's error body: `{"error": {"exception", "title", "detail", "error_data"}}`. */
export interface OperatorErrorBody {
  error?: { exception?: string; title?: string; detail?: string; error_data?: { invalid_params?: InvalidParam[]; second_factor?: string } };
}

export type Query = Record<string, string | number | undefined>;

/**
 * A refusal as react-admin expects it: `body.errors` maps each refused field to its message, which the
 * form shows beside that field; `root.serverError` carries the whole detail for the notification.
 */
export function toHttpError(status: number, body: OperatorErrorBody | undefined): HttpError {
  const error = body?.error;
  const detail = error?.detail ?? error?.title ?? `HTTP ${status}`;
  const errors: Record<string, string> = {};
  for (const param of error?.error_data?.invalid_params ?? []) errors[param.name] = param.message;
  return new HttpError(detail, status, { ...body, errors: { ...errors, root: { serverError: detail } } });
}

/** A request to the operator API with the signed-in token; a non-2xx answer rejects with an HttpError. */
export async function operatorRequest<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Query } = {},
): Promise<T> {
  const url = new URL(`${OPERATOR_API}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw toHttpError(response.status, body as OperatorErrorBody | undefined);
  return body as T;
}
