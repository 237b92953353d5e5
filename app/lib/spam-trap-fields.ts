/** Names of the spam-trap fields the public forms add to their payloads. */
export const spamTrapFields = {
  /** Hidden from people; a bot that fills it is discarded. */
  honeypot: "hp_comment",
  /** When the form was rendered (ms since epoch): a form sent faster than a person types is a bot. */
  startedAt: "formStartedAt",
} as const;
