import { forgetAttribution, recordAttribution, recordedSourceOf } from "../analytics";
import type { Db } from "../core/db/database";

type WonDeal = {
  id: string;
  person_id: string | null;
  contact_message_id: string | null;
  value_cents: number | null;
};

/**
 * Counts a won deal's value as revenue in analytics, credited like an order to the source of the
 * visit that sent its inquiry (the contact message's; a deal opened by hand counts as direct).
 * Called in the transaction that moves or edits the deal; the row is replaced, so an edited value
 * counts once.
 */
export async function creditWonDeal(trx: Db, deal: WonDeal, wonAt: Date) {
  const source = deal.contact_message_id
    ? await recordedSourceOf(trx, "contact_message", deal.contact_message_id)
    : undefined;
  await forgetAttribution(trx, "deal_won", deal.id);
  await recordAttribution(trx, {
    conversion: "deal_won",
    subjectId: deal.id,
    personId: deal.person_id,
    source,
    amountCents: deal.value_cents ?? 0,
    at: wonAt,
  });
}

/** A deal moved out of won no longer counts. */
export const uncreditWonDeal = (trx: Db, dealId: string) =>
  forgetAttribution(trx, "deal_won", dealId);
