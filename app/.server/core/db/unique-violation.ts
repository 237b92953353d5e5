/** A write refused by a unique index or key, on PostgreSQL or SQLite: another writer got there first. */
export function isUniqueViolation(error: unknown) {
  const { code, message } = error as { code?: string; message?: string };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE/.test(message ?? "");
}
