/**
 * What a status cell says about consent, in the words Mailchimp, Kit, Ghost, Beehiiv, our own
 * export and spreadsheets use (compared in lower case, `_` and `-` as spaces). `suppressed` is an opt-out
 * the address itself earned (cleaned, bounced, complained): unsubscribed, and skipped by every
 * mailing until the person confirms a list again. `none` records no list at all.
 */
export type CellStatus = "confirmed" | "pending" | "unsubscribed" | "suppressed" | "none";

const statusWords: Record<CellStatus, string[]> = {
  confirmed: [
    "confirmed",
    "subscribed",
    "active",
    "opted in",
    "opt in",
    "true",
    "t",
    "yes",
    "y",
    "1",
    "on",
    "x",
  ],
  // Beehiiv's `validating`: its check of a new address is not done; no consent confirmed yet.
  pending: ["pending", "unconfirmed", "awaiting confirmation", "validating"],
  unsubscribed: [
    "unsubscribed",
    "cancelled",
    "canceled",
    "inactive",
    "opted out",
    "opt out",
    "not subscribed",
    "false",
    "f",
    "no",
    "n",
    "0",
    "off",
  ],
  // Beehiiv's `invalid` (the address failed its check) and `needs_attention` (held back for a
  // problem with the address): kept, and mailed nothing.
  suppressed: [
    "cleaned",
    "bounced",
    "hard bounce",
    "complained",
    "spam",
    "blocked",
    "suppressed",
    "invalid",
    "needs attention",
  ],
  none: ["", "non subscribed", "nonsubscribed", "transactional"],
};

const statusByWord = new Map(
  (Object.entries(statusWords) as [CellStatus, string[]][]).flatMap(([status, words]) =>
    words.map((word) => [word, status] as const),
  ),
);

export const normalWord = (text: string) =>
  text.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");

/** The status a cell records, or undefined for a word we do not know (the row is refused). */
export function cellStatus(cell: string): CellStatus | undefined {
  return statusByWord.get(normalWord(cell));
}

/** Opt-outs win over consent, and a pending signup over a claimed confirmation. */
const strictness: Record<Exclude<CellStatus, "none">, number> = {
  confirmed: 0,
  pending: 1,
  unsubscribed: 2,
  suppressed: 3,
};

/** The stricter of two statuses a file records for one list. */
export function stricter<S extends Exclude<CellStatus, "none">>(a: S, b: S): S {
  return strictness[b] > strictness[a] ? b : a;
}
