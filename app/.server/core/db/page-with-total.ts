import type { SelectQueryBuilder } from "kysely";

/**
 * One page of a filtered list (`pageRows` picks its columns and order) and how many rows match
 * the filter in all, read side by side for a console list and its pager.
 */
export async function pageWithTotal<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, {}>,
  pageRows: (filtered: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    pageRows(filtered)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      // TypeScript cannot see the selection through the generic tables; this is its shape.
      .$castTo<{ count: string | number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
