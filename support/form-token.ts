import { systemClock, type Clock } from "~/.server/core/clock";
import type { AppConfig } from "~/.server/core/config";
import { issueFormToken } from "~/.server/core/spam-traps";

/** A form token as the server would have handed it out `msAgo` before `clock`'s now. */
export function formTokenIssuedAgo(config: AppConfig, clock: Clock, msAgo: number) {
  return issueFormToken({
    config,
    clock: { now: () => new Date(clock.now().getTime() - msAgo) },
  });
}

/** A form token a built server (support/built-server.ts) would have handed out a minute ago. */
export function builtServerFormToken(secret: string) {
  return formTokenIssuedAgo({ NEWSLETTER_LINK_SECRET: secret } as AppConfig, systemClock, 60_000);
}
