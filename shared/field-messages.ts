/** A zod issue, as far as a field's message needs it. */
export type FieldIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first message per field, keyed by the issue's top-level key, as the forms show them (and
 * the API's fieldErrors). An issue about the value as a whole goes under `rootField` when one is
 * given, and is left out otherwise.
 */
export function fieldMessages(issues: readonly FieldIssue[], rootField?: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0] ?? rootField;
    if (field !== undefined) messages[String(field)] ??= issue.message;
  }
  return messages;
}
