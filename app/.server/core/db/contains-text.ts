import { sql, type RawBuilder } from "kysely";

/** `text` as a LIKE pattern matching itself anywhere: its `%`, `_` and `\` are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * Whether the column holds `text` (lower case) anywhere, `%` and `_` taken literally. Written as
 * `lower(column) LIKE … ESCAPE '\'`, which SQLite and Postgres read alike.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;
}
