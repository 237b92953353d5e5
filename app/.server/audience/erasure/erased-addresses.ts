import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../core/config";
import type { Database } from "../../core/db/schema";
import { emailKey } from "../../core/email-key";

/**
 * The one setting the hashes are keyed by. NEWSLETTER_LINK_SECRET has no working default in
 * production (config.ts refuses the development value there); changing it makes every erased
 * address unknown again, so it is rotated only with that in mind (README, "Erasure").
 */
export type ErasureKeyConfig = Pick<AppConfig, "NEWSLETTER_LINK_SECRET">;

const derivedKeys = new Map<string, Buffer>();

/** A key of its own derived from the link secret: a hash here is no valid link token there. */
function erasureKey(config: ErasureKeyConfig) {
  let key = derivedKeys.get(config.NEWSLETTER_LINK_SECRET);
  if (!key) {
    key = createHmac("sha256", config.NEWSLETTER_LINK_SECRET)
      .update("erased-addresses/v1")
      .digest();
    derivedKeys.set(config.NEWSLETTER_LINK_SECRET, key);
  }
  return key;
}

/** HMAC-SHA256 of the normalised address: all an erasure keeps of the person. */
export function erasedAddressHash(config: ErasureKeyConfig, email: string) {
  return createHmac("sha256", erasureKey(config)).update(emailKey(email)).digest("hex");
}

/** Records an address as erased (in the erasure's transaction); erasing twice keeps the first day. */
export async function recordErasedAddress(
  trx: Kysely<Database>,
  config: ErasureKeyConfig,
  { email, now }: { email: string; now: Date },
) {
  await trx
    .insertInto("erased_addresses")
    .values({ address_hash: erasedAddressHash(config, email), erased_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("address_hash").doNothing())
    .execute();
}

/** When each of these addresses was erased, by address key; an address never erased is absent. */
export async function erasedAddresses(
  db: Kysely<Database>,
  config: ErasureKeyConfig,
  emails: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (emails.length === 0) return found;
  const keyByHash = new Map(
    emails.map((email) => [erasedAddressHash(config, email), emailKey(email)]),
  );
  const rows = await db
    .selectFrom("erased_addresses")
    .select(["address_hash", "erased_at"])
    .where("address_hash", "in", [...keyByHash.keys()])
    .execute();
  for (const row of rows) found.set(keyByHash.get(row.address_hash)!, row.erased_at);
  return found;
}

/**
 * The person confirmed a list themselves (a new double opt-in): the erasure no longer stands in
 * the way of their address. Called in the confirmation's transaction.
 */
export async function liftErasure(trx: Kysely<Database>, config: ErasureKeyConfig, email: string) {
  await trx
    .deleteFrom("erased_addresses")
    .where("address_hash", "=", erasedAddressHash(config, email))
    .execute();
}
