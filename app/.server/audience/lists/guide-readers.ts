import type { AppConfig } from "../../core/config";
import { emitPersonEvent } from "../../core/person-events";
import type { ServiceDeps } from "../../core/service-deps";
import { signLink, verifyLink } from "../../core/signed-links";

/** The query parameter of a guide link in our emails: the reader it was sent to, signed. */
export const guideReaderParameter = "reader";

/**
 * The token a reader's guide links carry (decision 261). It names the person, never expires (the
 * email stays in their inbox) and proves only that the link came from an email sent to them.
 */
export function guideReaderToken(
  config: Pick<AppConfig, "NEWSLETTER_LINK_SECRET">,
  personId: string,
) {
  return signLink(config.NEWSLETTER_LINK_SECRET, "guide-reader", personId, null);
}

/**
 * A guide fetched from a link in one of our emails: the reader its token names downloaded it, and
 * the capabilities above hear so in one transaction (the sequences check the reader's consent).
 * A forged or altered token, or a person since erased, records nothing: the file is served to
 * them as to anyone. Resolves whether a reader was recognised.
 */
export async function recordGuideDownload(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  { guide, token }: { guide: string; token: string },
) {
  const now = clock.now();
  const verified = verifyLink(config.NEWSLETTER_LINK_SECRET, "guide-reader", token, now);
  if (!verified.ok) return false;
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select("id")
      .where("id", "=", verified.subject)
      .executeTakeFirst();
    if (!person) return false;
    await emitPersonEvent(trx, { kind: "guide-downloaded", personId: person.id, guide, now });
    return true;
  });
}
