import type { Kysely } from "kysely";

/**
 * A staged import becomes a job one instance runs in slices (decision 308): its state, the rows
 * done so far, its preview computed once, the lease of the instance running it, and per applied
 * batch what undoes it, so a cancel leaves the people tables as they were.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("people_imports")
    .addColumn("state", "text", (column) => column.notNull().defaultTo("uploading"))
    .execute();
  for (const name of ["rows_total", "rows_done"]) {
    await db.schema
      .alterTable("people_imports")
      .addColumn(name, "integer", (column) => column.notNull().defaultTo(0))
      .execute();
  }
  for (const name of ["preview", "tally", "result", "applied_by", "lease_owner", "lease_until"]) {
    await db.schema.alterTable("people_imports").addColumn(name, "text").execute();
  }
  await db.schema
    .createTable("people_import_undo")
    .addColumn("import_id", "text", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("people_import_undo_pk", ["import_id", "seq"])
    .execute();
}
