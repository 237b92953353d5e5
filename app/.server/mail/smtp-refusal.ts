/**
 * What a failed send means, and so what the outbox does about it:
 * - `mailbox`: the address itself is refused for good (no such mailbox). Never retried; the
 *   address's owner is told (a broadcast marks the person bounced).
 * - `provider`: the sending side is refused: policy, reputation, volume, a server in trouble. Not
 *   the reader's fault: nobody is marked, a bulk send pauses, a transactional email is retried.
 * - `message`: this one message is refused for good (its content, its size). Not retried.
 * - `transient`: a connection lost, a timeout, a mailbox busy or greylisting. Retried later.
 */
export type RefusalKind = "mailbox" | "provider" | "message" | "transient";

/** A failed send as the outbox records and logs it: the server's code and words, no object. */
export type SendFailure = {
  kind: RefusalKind;
  /** The SMTP reply code (550), when the server answered. */
  code?: number;
  /** The RFC 3463 enhanced status code (5.1.1), when the reply carried one. */
  status?: string;
  /** The server's words (or the network error), at most 300 characters. */
  words: string;
};

const enhancedCode = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
/** A reply without an enhanced code still says which kind it is in its words. */
const mailboxWords =
  /no such (user|mailbox|recipient)|user unknown|unknown (user|recipient|mailbox)|does not exist|mailbox (not found|unavailable)|invalid (recipient|mailbox)|recipient (address )?rejected/i;
const providerWords =
  /limit|rate|too many|spam|block|policy|reputation|denied|throttl|quota|not allowed|relay/i;

function kindOfEnhanced(klass: string, subject: number, detail: number): RefusalKind {
  // x.3 (mail system), x.4 (network, routing), x.5 (protocol), x.7 (security, policy) are ours.
  if ([3, 4, 5, 7].includes(subject)) return "provider";
  if (klass === "4") return "transient";
  if (subject === 1) {
    // 5.1.7 and 5.1.8 are about the sender's address, not the reader's.
    return detail === 7 || detail === 8 ? "provider" : "mailbox";
  }
  // 5.2.x: the mailbox exists but is full or disabled for now; 5.6.x: the content.
  return subject === 2 ? "transient" : "message";
}

function kindOfReply(code: number, words: string, atRecipient: boolean): RefusalKind {
  if (code === 421) return "provider";
  if (code < 500) return providerWords.test(words) ? "provider" : "transient";
  if (atRecipient && mailboxWords.test(words)) return "mailbox";
  if (providerWords.test(words)) return "provider";
  return "message";
}

/**
 * Classes a failed send by RFC 3463's enhanced status code in the reply, or by its reply code and
 * words when it has none. Reads nodemailer's error fields (`responseCode`, `response`, `command`).
 */
export function classifySendFailure(cause: unknown): SendFailure {
  const error = (cause ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    command?: unknown;
    message?: unknown;
  };
  const response = typeof error.response === "string" ? error.response : "";
  const message = typeof error.message === "string" ? error.message : String(cause);
  const words = (response || message).replace(/\s+/g, " ").trim().slice(0, 300);
  const code = typeof error.responseCode === "number" ? error.responseCode : undefined;
  if (code === undefined || code < 400) return { kind: "transient", words };
  const enhanced = enhancedCode.exec(response);
  const atRecipient = /RCPT/i.test(typeof error.command === "string" ? error.command : "");
  if (enhanced) {
    const [status, klass, subject, detail] = enhanced;
    return {
      kind: kindOfEnhanced(klass!, Number(subject), Number(detail)),
      code,
      status,
      words,
    };
  }
  return { kind: kindOfReply(code, words, atRecipient), code, words };
}

/**
 * A refusal for now (a 4xx reply: 421, 450, 451, 452 and their 4.x.x codes): the server may take
 * the same email later, so the engine retries it with back-off instead of stopping anything.
 */
export function isTemporaryRefusal(failure: SendFailure) {
  return failure.code !== undefined && failure.code >= 400 && failure.code < 500;
}
