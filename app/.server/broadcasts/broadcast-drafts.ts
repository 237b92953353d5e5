import { randomUUID } from "node:crypto";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import type { BroadcastTable } from "./broadcast-tables";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";
import { broadcastDraftSchema, type BroadcastDraft } from "~/lib/broadcast-schema";
import type { NewsletterInterest } from "~/lib/newsletter-interests";
import { countRecipients, type Audience } from "./audience";
import { describeAudienceGroup } from "./audience-groups";

/** The columns {@link audienceOf} reads. */
export const audienceColumns = [
  "broadcasts.audience_list",
  "broadcasts.audience_interests",
  "broadcasts.audience_group",
  "broadcasts.audience_group_label",
] as const;

export function audienceOf(
  broadcast: Pick<
    BroadcastTable,
    "audience_list" | "audience_interests" | "audience_group" | "audience_group_label"
  >,
): Audience {
  return {
    list: broadcast.audience_list,
    interests:
      broadcast.audience_list === "newsletter"
        ? (JSON.parse(broadcast.audience_interests) as NewsletterInterest[])
        : [],
    ...(broadcast.audience_list === "group" && {
      group: { key: broadcast.audience_group ?? "", label: broadcast.audience_group_label ?? "" },
    }),
  };
}

export function draftOf(broadcast: BroadcastTable): BroadcastDraft {
  return {
    subject: broadcast.subject,
    previewText: broadcast.preview_text,
    bodyMarkdown: broadcast.body_markdown,
    ...(({ list, interests }) => ({ list, interests }))(audienceOf(broadcast)),
    group: broadcast.audience_group ?? "",
  };
}

export type SaveDraftOutcome =
  { outcome: "saved"; id: string } | InvalidInput | { outcome: "not-draft" };

/**
 * Creates a draft, or changes one (`id`). Only a draft changes: once sent or scheduled the
 * content is frozen, and a save racing the send loses (the UPDATE names the draft status).
 */
export async function saveBroadcastDraft(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { id, input, actor }: { id?: string; input: unknown; actor: string },
): Promise<SaveDraftOutcome> {
  const parsed = broadcastDraftSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const draft = parsed.data;
  const groupLabel =
    draft.list === "group" ? await describeAudienceGroup(db, draft.group) : undefined;
  if (draft.list === "group" && groupLabel === undefined)
    return {
      outcome: "invalid",
      error: "That group no longer exists",
      fieldErrors: { list: ["That group no longer exists"] },
    };
  const now = clock.now();
  const nowIso = now.toISOString();
  const fields = {
    subject: draft.subject,
    preview_text: draft.previewText,
    body_markdown: draft.bodyMarkdown,
    audience_list: draft.list,
    audience_interests: JSON.stringify(draft.list === "newsletter" ? draft.interests : []),
    audience_group: groupLabel === undefined ? null : draft.group,
    audience_group_label: groupLabel ?? null,
    updated_at: nowIso,
  };
  return db.transaction().execute(async (trx): Promise<SaveDraftOutcome> => {
    if (id) {
      const updated = await trx
        .updateTable("broadcasts")
        .set(fields)
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-draft" };
      await recordAdminAction(trx, { actor, action: "broadcast.save", subject: id, now });
      return { outcome: "saved", id };
    }
    const newId = randomUUID();
    await trx
      .insertInto("broadcasts")
      .values({
        id: newId,
        ...fields,
        status: "draft",
        scheduled_at: null,
        frozen_html: null,
        frozen_text: null,
        frozen_at: null,
        queue_cursor: null,
        queued_at: null,
        slug: null,
        published_at: null,
        cancelled_at: null,
        source_article_id: null,
        created_by: actor,
        created_at: nowIso,
      })
      .execute();
    await recordAdminAction(trx, { actor, action: "broadcast.create", subject: newId, now });
    return { outcome: "saved", id: newId };
  });
}

/** The letters written to one group, newest first (a cohort's page lists them). */
export function broadcastsToGroup(db: Db, key: string) {
  return db
    .selectFrom("broadcasts")
    .select(["id", "subject", "status", "scheduled_at", "frozen_at", "updated_at"])
    .where("audience_list", "=", "group")
    .where("audience_group", "=", key)
    .orderBy("created_at", "desc")
    .execute();
}

export function findBroadcast(db: Db, id: string) {
  return db.selectFrom("broadcasts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every broadcast, newest first, for the console's list. */
export function listBroadcasts(db: Db) {
  return db
    .selectFrom("broadcasts")
    .select([
      "id",
      "subject",
      "status",
      "audience_list",
      "audience_group_label",
      "scheduled_at",
      "frozen_at",
      "published_at",
      "slug",
      "updated_at",
    ])
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
}

const audienceSchema = broadcastDraftSchema.pick({ list: true, interests: true });

/** The exact recipient count for an audience as the compose form names it; undefined if unknown. */
export async function countRecipientsFor(db: Db, input: { list: unknown; interests: unknown }) {
  const parsed = audienceSchema.safeParse(input);
  if (!parsed.success) return undefined;
  const { list, interests } = parsed.data;
  // A group's count is the one its page loaded with: its audience does not change on the form.
  if (list === "group") return undefined;
  return countRecipients(db, { list, interests: list === "newsletter" ? interests : [] });
}

/** The compose form's fields as the draft schema reads them. */
export function broadcastInput(form: URLSearchParams) {
  return {
    subject: form.get("subject") ?? "",
    previewText: form.get("previewText") ?? "",
    bodyMarkdown: form.get("bodyMarkdown") ?? "",
    list: form.get("list") ?? "",
    interests: form.getAll("interests"),
    group: form.get("group") ?? "",
  };
}
