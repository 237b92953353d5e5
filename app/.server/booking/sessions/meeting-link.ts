import { randomBytes } from "node:crypto";
import type { AppConfig } from "../../core/config";

/** The owner's fixed meeting URL, or a Jitsi room of the booking's own that nobody can guess. */
export function meetingUrlFor(config: Pick<AppConfig, "BOOKING_MEETING_URL">) {
  return (
    config.BOOKING_MEETING_URL ??
    `https://meet.jit.si/PresenceSelling-${randomBytes(12).toString("base64url")}`
  );
}
