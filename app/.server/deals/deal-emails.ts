import { randomUUID } from "node:crypto";
import { z } from "~/lib/zod";
import { recordAdminAction } from "../core/audit-log";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { dealMessageTemplate } from "./emails/deal-message";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">;

const dealEmailSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject")
    .max(200, "The subject must be at most 200 characters")
    .refine((subject) => !/[\r\n]/.test(subject), "The subject must be one line"),
  body: z
    .string()
    .trim()
    .min(1, "Write the email")
    .max(20_000, "The email must be at most 20000 characters"),
});

export type SendDealEmailOutcome =
  | InvalidInput
  | { outcome: "queued"; id: string }
  | { outcome: "no-contact" }
  | { outcome: "not-found" };

/**
 * The owner's email to a deal's person, from the deal's page: queued in the outbox in the site's
 * layout (replies come to the owner), kept on the deal for its timeline, audited without its
 * text, all in one transaction; the outbox is woken after.
 */
export async function sendDealEmail(
  deps: Deps,
  { dealId, fields, actor }: { dealId: string; fields: URLSearchParams; actor: string },
): Promise<SendDealEmailOutcome> {
  const parsed = dealEmailSchema.safeParse({
    subject: fields.get("subject") ?? "",
    body: fields.get("body") ?? "",
  });
  if (!parsed.success) return invalidInput(parsed.error);
  const { subject, body } = parsed.data;
  const now = deps.clock.now();
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<SendDealEmailOutcome> => {
      const deal = await trx
        .selectFrom("deals")
        .leftJoin("people", "people.id", "deals.person_id")
        .select(["deals.id", "people.email"])
        .where("deals.id", "=", dealId)
        .executeTakeFirst();
      if (!deal) return { outcome: "not-found" };
      if (!deal.email) return { outcome: "no-contact" };
      const outboxEmailId = await enqueueEmail(
        trx,
        {
          purpose: "deals.message",
          to: deal.email,
          from: deps.config.MAIL_FROM,
          replyTo: deps.config.OWNER_EMAIL,
          ...dealMessageTemplate.compose({ subject, body }),
        },
        { now },
      );
      const id = randomUUID();
      await trx
        .insertInto("deal_emails")
        .values({
          id,
          deal_id: dealId,
          outbox_email_id: outboxEmailId,
          to_address: deal.email,
          subject,
          body,
          author: actor,
          created_at: now.toISOString(),
        })
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "deals.email-sent",
        subject: dealId,
        detail: { email: outboxEmailId },
        now,
      });
      return { outcome: "queued", id };
    });
  if (outcome.outcome === "queued") deps.outbox.wake();
  return outcome;
}
