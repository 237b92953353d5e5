import { logger } from "./logger";
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
export function issueFormToken({ clock, config }: TrapDeps) {
  const now = clock.now();
  return signLink(
    config.NEWSLETTER_LINK_SECRET,
    "form-start",
    String(now.getTime()),
    new Date(now.getTime() + formTokenTtlMs),
  );
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
  "contact" | "newsletter" | "waitlist" | "checkout" | "download-reissue" | "booking";

/**
 * A filled honeypot, or a form sent without its token, with a forged or expired one, or sooner
 * than a person can type, is a bot: every public form tells it it succeeded and keeps nothing
 * (decision 064). The log line lets the owner see an API caller that forgot the token.
 */
export function checkSpamTraps(
  deps: TrapDeps,
  form: PublicForm,
  traps: SpamTrapValues,
  { tokenOptional = false }: { tokenOptional?: boolean } = {},
): SpamTrapVerdict {
  const verdict =
    tokenOptional && !traps.formToken && !traps.honeypot?.trim()
      ? "passed"
      : spamTrapVerdict(deps, traps);
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
