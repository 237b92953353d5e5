import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("download_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("order_id", "text", (column) =>
      column.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("max_downloads", "integer", (column) => column.notNull())
    .addColumn("download_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("download_links_order")
    .on("download_links")
    .column("order_id")
    .execute();
}
