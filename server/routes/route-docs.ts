// Shared OpenAPI bits of route schemas: form-encoded bodies and the `accesstoken` header requirement.

/** POST bodies are application/x-www-form-urlencoded (UTF-8). */
export const FORM = ['application/x-www-form-urlencoded'] as const;

/** Marks a call as needing the `accesstoken` header. */
export const NEEDS_TOKEN = [{ accesstoken: [] }] as const;
