import type { AppConfig } from "../core/config";
import type { ServiceDeps } from "../core/service-deps";
import { bounceMailboxFromUrl, readBounceMailbox, type DeliveryReport } from "../mail";
import { recordDeliveryEvent, type DeliveryEventResult } from "./delivery-events";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/**
 * A report read from the bounce mailbox, recorded as the providers' events are. It counts only
 * when it names an email the site sent (decision 333): anyone can mail the bounce address, and a
 * forged report must not unsubscribe a reader. The address suppressed is the one the email went
 * to, whatever the report calls it (a forwarded mailbox reports its final address).
 */
export async function recordBounceMailboxReport(
  deps: Deps,
  report: DeliveryReport,
): Promise<DeliveryEventResult> {
  if (!report.outboxId) return "unknown-email";
  const email = await deps.db
    .selectFrom("outbox_emails")
    .select(["id", "to_address"])
    .where("id", "=", report.outboxId)
    .executeTakeFirst();
  if (!email) return "unknown-email";
  return recordDeliveryEvent(deps, {
    provider: "imap",
    providerEventId: report.reportId,
    kind: report.kind,
    bounce: report.bounce,
    email: email.to_address,
    outboxEmailId: email.id,
    occurredAt: report.occurredAt,
    detail: report.detail,
  });
}

/** One round over `BOUNCE_MAILBOX_URL`: its unread reports recorded, then marked read. */
export async function readBounceMailboxRound(
  deps: Deps & { config: Pick<AppConfig, "BOUNCE_MAILBOX_URL" | "BOUNCE_ADDRESS"> },
) {
  const counts: Record<DeliveryEventResult, number> = {
    recorded: 0,
    duplicate: 0,
    "unknown-email": 0,
  };
  const round = await readBounceMailbox(bounceMailboxFromUrl(deps.config.BOUNCE_MAILBOX_URL!), {
    bounceAddress: deps.config.BOUNCE_ADDRESS,
    now: () => deps.clock.now(),
    record: async (report) => {
      counts[await recordBounceMailboxReport(deps, report)] += 1;
    },
  });
  return { ...round, ...counts };
}
