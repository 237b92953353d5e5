import { recordAdminAction } from "../core/audit-log";
import type { Db, Trx } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { parseLetterMarkdown } from "./letter-markdown";

/** `Presence at the Close!` → `presence-at-the-close`. */
export function slugOfSubject(subject: string) {
  const slug = subject
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "letter";
}

/** The subject's slug, with a number added when another letter has it. */
export async function freeLetterSlug(trx: Trx, subject: string) {
  const base = slugOfSubject(subject);
  const taken = new Set(
    (
      await trx.selectFrom("broadcasts").select("slug").where("slug", "like", `${base}%`).execute()
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}

/**
 * Puts a sent broadcast on the site at /newsletter/{slug}: the slug comes from the subject, with
 * a number added when another letter has it. Publishing twice keeps the first slug.
 */
export async function publishBroadcast(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { id, actor }: { id: string; actor: string },
): Promise<
  { outcome: "published"; slug: string } | { outcome: "not-sent" } | { outcome: "private" }
> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const broadcast = await trx
      .selectFrom("broadcasts")
      .select(["subject", "slug", "status", "audience_list"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!broadcast || !["sending", "sent"].includes(broadcast.status))
      return { outcome: "not-sent" as const };
    // A letter to a group (a cohort's attendees) is theirs, not the public archive's.
    if (broadcast.audience_list === "group") return { outcome: "private" as const };
    if (broadcast.slug) return { outcome: "published" as const, slug: broadcast.slug };
    const slug = await freeLetterSlug(trx, broadcast.subject);
    await trx
      .updateTable("broadcasts")
      .set({ slug, published_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.publish",
      subject: id,
      detail: { slug },
      now,
    });
    return { outcome: "published" as const, slug };
  });
}

/** The archive's letters, newest first. */
export function publishedLetters(db: Db) {
  return db
    .selectFrom("broadcasts")
    .select(["slug", "subject", "preview_text", "published_at"])
    .where("published_at", "is not", null)
    .orderBy("published_at", "desc")
    .execute() as Promise<
    { slug: string; subject: string; preview_text: string; published_at: string }[]
  >;
}

/** One published letter, ready for its page. */
export async function publishedLetter(db: Db, slug: string) {
  const letter = await db
    .selectFrom("broadcasts")
    .select(["slug", "subject", "preview_text", "body_markdown", "published_at"])
    .where("slug", "=", slug)
    .where("published_at", "is not", null)
    .executeTakeFirst();
  if (!letter) return undefined;
  return {
    slug,
    subject: letter.subject,
    previewText: letter.preview_text,
    publishedAt: letter.published_at!,
    blocks: parseLetterMarkdown(letter.body_markdown).blocks,
  };
}

/** Archive pages are rendered per request and cached: a new letter shows within five minutes. */
export const archiveCacheControl = "public, max-age=300, stale-while-revalidate=3600";
