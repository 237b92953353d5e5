import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { containsText } from "../core/db/contains-text";
import type { Database } from "../core/db/schema";

/** Where an email can name a person: its addresses, subject, bodies and a template's data. */
export const columnsNamingPeople = [
  "to_address",
  "reply_to",
  "subject",
  "text_body",
  "html_body",
  "template_data",
] as const;

/**
 * Deletes every email in the outbox that names one of `texts` (an address) as its recipient or
 * reply-to, or anywhere in its subject, bodies or template data: the owner's notification about a
 * person goes with the emails to them. Their attempts go by cascade. Resolves with the deleted ids.
 */
export async function deleteEmailsMentioning(
  trx: Kysely<Database>,
  texts: string[],
): Promise<string[]> {
  if (texts.length === 0) return [];
  const rows = await trx
    .deleteFrom("outbox_emails")
    .where((eb) =>
      eb.or(
        texts.flatMap((text) => columnsNamingPeople.map((column) => containsText(column, text))),
      ),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Removes the `.eml` files the mail-directory transport wrote for these emails, and any other
 * file there naming one of `texts`. Run after the erasure commits; a missing directory is fine.
 */
export async function removeMailFiles(
  mailDir: string,
  { ids, texts }: { ids: string[]; texts: string[] },
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return 0;
  }
  const byId = new Set(ids);
  const needles = texts.map((text) => text.toLowerCase()).filter(Boolean);
  let removed = 0;
  for (const name of names) {
    if (!/\.eml(\.tmp)?$/.test(name)) continue;
    const file = path.join(mailDir, name);
    const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml/.exec(
      name,
    )?.[1];
    let doomed = id !== undefined && byId.has(id);
    if (!doomed) {
      const text = (await readFile(file, "utf8").catch(() => "")).toLowerCase();
      doomed = needles.some((needle) => text.includes(needle));
    }
    if (doomed) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
