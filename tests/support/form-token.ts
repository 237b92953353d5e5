import type { Clock } from "~/.server/clock";
import type { AppConfig } from "~/.server/config";
import { issueFormToken } from "~/.server/services/spam-traps";

/** A form token as the server would have handed it out `msAgo` before `clock`'s now. */
export function formTokenIssuedAgo(config: AppConfig, clock: Clock, msAgo: number) {
  return issueFormToken({
    config,
    clock: { now: () => new Date(clock.now().getTime() - msAgo) },
  });
}
