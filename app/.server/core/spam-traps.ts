import { logger } from "./logger";
import { checkRateLimits, type RateLimitDecision } from "./rate-limit";
import { signLink, verifyLink } from "./signed-links";
import type { ServiceDeps } from "./service-deps";

/** A form left open longer than this is sent with a stale token: the page is reloaded first. */
const formTokenTtlMs = 24 * 60 * 60_000;

type TrapDeps = Pick<ServiceDeps, "clock" | "config">;

/**
 * When a form was handed out, signed by the server: the time trap reads this instead of a time
 * the client could choose. Rendered by server-rendered pages, fetched from
 * /functions/v1/form-token by forms on prerendered ones (a build-time token would be stale).
 */
export function issueFormToken({ clock, config }: TrapDeps, { startedMsAgo = 0 } = {}) {
  const now = clock.now();
  return signLink(
    config.NEWSLETTER_LINK_SECRET,
    "form-start",
    String(now.getTime() - startedMsAgo),
    new Date(now.getTime() + formTokenTtlMs),
  );
}

/**
 * The token of a form handed back already filled in (the newsletter's "one more click" page): the
 * visitor has typed the fields once, so one second to read and press the button is enough.
 */
export function issueRefilledFormToken(deps: TrapDeps) {
  return issueFormToken(deps, {
    startedMsAgo: Math.max(0, deps.config.CONTACT_MIN_FILL_SECONDS * 1000 - 1000),
  });
}

/**
 * A token for a form on a prerendered page or an API caller (/functions/v1/form-token), counted
 * per client: it costs a signature and a row, so a loop asking for thousands is refused.
 */
export async function handOutFormToken(
  deps: Pick<ServiceDeps, "clock" | "config" | "db">,
  clientAddress: string,
): Promise<{ token: string } | Extract<RateLimitDecision, { allowed: false }>> {
  const limited = await checkRateLimits(deps, {
    bucket: "form-token",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.FORM_TOKEN_RATE_LIMIT,
  });
  return limited.allowed ? { token: issueFormToken(deps) } : limited;
}

/** What a public form sends besides its fields, for the spam checks. */
export type SpamTrapValues = {
  /** The hidden field people never see. */
  honeypot?: string | null;
  /** The server-signed start time (`issueFormToken`). */
  formToken?: string | null;
};

export type SpamTrapVerdict = "passed" | "missing-token" | "honeypot" | "too-fast";

/** The public forms, named in the log line of a dropped post. */
export type PublicForm =
  | "contact"
  | "newsletter"
  | "waitlist"
  | "checkout"
  | "download-reissue"
  | "booking"
  | "proposal-acceptance";

/**
 * A filled honeypot, or a form sent without its token, with a forged or expired one, or sooner
 * than a person can type, is a bot: every public form tells it it succeeded and keeps nothing
 * (decision 064). The log line lets the owner see an API caller that forgot the token.
 */
export function checkSpamTraps(
  deps: TrapDeps,
  form: PublicForm,
  traps: SpamTrapValues,
): SpamTrapVerdict {
  const verdict = spamTrapVerdict(deps, traps);
  if (verdict !== "passed")
    logger.info({ form, trap: verdict }, "form post dropped by a spam trap");
  return verdict;
}

function spamTrapVerdict(deps: TrapDeps, traps: SpamTrapValues): SpamTrapVerdict {
  if (traps.honeypot?.trim()) return "honeypot";
  if (!traps.formToken) return "missing-token";
  const now = deps.clock.now();
  const verified = verifyLink(
    deps.config.NEWSLETTER_LINK_SECRET,
    "form-start",
    traps.formToken,
    now,
  );
  if (!verified.ok) return "too-fast";
  const startedAt = Number(verified.subject);
  if (now.getTime() - startedAt < deps.config.CONTACT_MIN_FILL_SECONDS * 1000) return "too-fast";
  return "passed";
}
