import { randomBytes } from "node:crypto";
import type { Trx } from "../core/db/database";
import { enqueueEmail } from "../mail";
import { downloadLinkEmail } from "./emails/download-link";
import { signLink, verifyLink } from "../core/signed-links";
import { emailKey } from "../core/email-key";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../core/spam-traps";
import { parseOrderItems } from "./order-items";
import { isValidPurchaseEmail } from "~/lib/purchase-rules";

export type IssuedDownloadLink = { url: string; expiresAt: Date; maxDownloads: number };

/** Why a download link does not open the book; each is answered 403 with its own explanation. */
export type DownloadRefusal = "invalid" | "expired" | "revoked" | "exhausted";

export function downloadUrl(siteUrl: string, token: string) {
  return `${siteUrl}/downloads/book/${token}`;
}

/** A new link to the book for a paid order, valid for DOWNLOAD_LINK_TTL_HOURS and a few downloads. */
export async function issueDownloadLink(
  trx: Trx,
  { clock, config }: Omit<ServiceDeps, "db">,
  orderId: string,
): Promise<IssuedDownloadLink> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + config.DOWNLOAD_LINK_TTL_HOURS * 3_600_000);
  const id = randomBytes(16).toString("hex");
  await trx
    .insertInto("download_links")
    .values({
      id,
      order_id: orderId,
      expires_at: expiresAt.toISOString(),
      max_downloads: config.DOWNLOAD_LINK_MAX_DOWNLOADS,
      download_count: 0,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  const token = signLink(config.DOWNLOAD_LINK_SECRET, "book-download", id, expiresAt);
  return {
    url: downloadUrl(config.SITE_URL, token),
    expiresAt,
    maxDownloads: config.DOWNLOAD_LINK_MAX_DOWNLOADS,
  };
}

/** Ends every link of an order (a refund, or a fresh link replacing the old ones). */
export async function revokeDownloadLinks(trx: Trx, orderId: string, now: Date) {
  await trx
    .updateTable("download_links")
    .set({ revoked_at: now.toISOString() })
    .where("order_id", "=", orderId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes the order's links and emails the buyer a new one, inside the caller's transaction. */
export async function replaceDownloadLink(
  trx: Trx,
  deps: Omit<ServiceDeps, "db">,
  order: { id: string; email: string },
) {
  const now = deps.clock.now();
  await revokeDownloadLinks(trx, order.id, now);
  const link = await issueDownloadLink(trx, deps, order.id);
  await enqueueEmail(
    trx,
    {
      purpose: "order.download-link",
      to: order.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...downloadLinkEmail(link),
    },
    { now },
  );
}

/** The token of the order's newest usable link, for the success page's 'Download PDF Now'. */
export async function currentDownloadToken({ db, clock, config }: ServiceDeps, orderId: string) {
  const link = await db
    .selectFrom("download_links")
    .select(["id", "expires_at"])
    .where("order_id", "=", orderId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", clock.now().toISOString())
    .whereRef("download_count", "<", "max_downloads")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!link) return undefined;
  return signLink(config.DOWNLOAD_LINK_SECRET, "book-download", link.id, new Date(link.expires_at));
}

/** Why the link behind a verified token does not open the book now, if it does not. */
async function refusalFor(
  db: ServiceDeps["db"],
  linkId: string,
  now: Date,
): Promise<DownloadRefusal | undefined> {
  const link = await db
    .selectFrom("download_links")
    .innerJoin("orders", "orders.id", "download_links.order_id")
    .select([
      "download_links.revoked_at",
      "download_links.expires_at",
      "download_links.download_count",
      "download_links.max_downloads",
      "orders.status",
    ])
    .where("download_links.id", "=", linkId)
    .executeTakeFirst();
  if (!link) return "invalid";
  if (link.revoked_at || link.status !== "paid") return "revoked";
  if (link.expires_at <= now.toISOString()) return "expired";
  if (link.download_count >= link.max_downloads) return "exhausted";
  return undefined;
}

/**
 * Checks a link and, with `count`, counts one download. The count is taken in one conditional
 * UPDATE, so two requests racing for the last download cannot both win. A HEAD request (link
 * previews, scanners) checks without counting.
 */
export async function redeemDownloadLink(
  { db, clock, config }: ServiceDeps,
  token: string,
  { count = true }: { count?: boolean } = {},
): Promise<{ ok: true } | { ok: false; reason: DownloadRefusal }> {
  const now = clock.now();
  const verified = verifyLink(config.DOWNLOAD_LINK_SECRET, "book-download", token, now);
  if (!verified.ok) return verified;
  if (count) {
    const counted = await db
      .updateTable("download_links")
      .set((eb) => ({ download_count: eb("download_count", "+", 1) }))
      .where("id", "=", verified.subject)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .whereRef("download_count", "<", "max_downloads")
      .where("order_id", "in", (eb) =>
        eb.selectFrom("orders").select("id").where("status", "=", "paid"),
      )
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 1) return { ok: true };
  }
  const reason = await refusalFor(db, verified.subject, now);
  if (reason) return { ok: false, reason };
  return count ? { ok: false, reason: "exhausted" } : { ok: true };
}

/**
 * The success page's 'send me a fresh link': only for a paid PDF order whose email matches, and
 * only to that email. The caller answers the same whatever happens, so nobody learns who bought.
 */
export async function reissueDownloadLink(
  deps: ServiceDeps,
  {
    sessionId,
    fields,
    traps,
    clientAddress,
  }: {
    sessionId: string;
    fields: { email?: unknown };
    traps: SpamTrapValues;
    clientAddress: string;
  },
): Promise<"accepted" | "invalid-email"> {
  const email = typeof fields.email === "string" ? fields.email : "";
  // A malformed address is refused openly; whether a valid one matches the order is never told.
  if (!isValidPurchaseEmail(email)) return "invalid-email";
  const limited = await checkRateLimits(deps, {
    bucket: "download-reissue",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed || checkSpamTraps(deps, "download-reissue", traps) !== "passed") {
    return "accepted";
  }
  if (await sendFreshDownloadLink(deps, { sessionId, email })) deps.outbox.wake();
  return "accepted";
}

async function sendFreshDownloadLink(
  deps: ServiceDeps,
  { sessionId, email }: { sessionId: string; email: string },
): Promise<boolean> {
  const { db, clock } = deps;
  const order = await db
    .selectFrom("orders")
    .select(["id", "email", "items", "status"])
    .where("stripe_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!order || order.status !== "paid") return false;
  if (emailKey(order.email) !== emailKey(email)) return false;
  if (!parseOrderItems(order.items).some((item) => item.id === "pdf")) return false;
  const now = clock.now();
  // One fresh link a minute is plenty and keeps the form from flooding the buyer's inbox.
  const recent = await db
    .selectFrom("download_links")
    .select("id")
    .where("order_id", "=", order.id)
    .where("created_at", ">", new Date(now.getTime() - 60_000).toISOString())
    .executeTakeFirst();
  if (recent) return false;
  await db.transaction().execute((trx) => replaceDownloadLink(trx, deps, order));
  return true;
}
