/** Names of the spam-trap fields the public forms add to their payloads. */
export const spamTrapFields = {
  /** Hidden from people; a bot that fills it is discarded. */
  honeypot: "hp_comment",
  /** When the form was handed out, signed by the server: a form sent faster than a person types is a bot. */
  formToken: "formToken",
} as const;
