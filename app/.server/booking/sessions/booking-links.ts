import type { AppConfig } from "../../core/config";
import { signLink, verifyLink } from "../../core/signed-links";

type LinkConfig = Pick<AppConfig, "NEWSLETTER_LINK_SECRET" | "SITE_URL">;

/*
 * Booking links are signed with the secret the list links use (decision 065); the signed text
 * names the purpose, so a link made for one use never opens another.
 */

/** The free booking's confirmation: valid while its hold lasts. */
export function confirmationUrl(config: LinkConfig, bookingId: string, holdEndsAt: Date) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "booking-confirm", bookingId, holdEndsAt);
  return `${config.SITE_URL}/booking/confirm/${token}`;
}

/** The buyer's own booking page, bound to the order: it never expires, the order decides. */
export function orderBookingUrl(config: LinkConfig, orderId: string) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "booking-order", orderId, null);
  return `${config.SITE_URL}/booking/session/${token}`;
}

/** The booking's calendar invite as it stands now (a later change raises its SEQUENCE). */
export function inviteUrl(config: LinkConfig, bookingId: string) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "booking-invite", bookingId, null);
  return `${config.SITE_URL}/booking/invite/${token}`;
}

/**
 * The booker's own links to move or cancel the session. They never expire in themselves: the
 * session's time and the owner's cut-off decide, when the link is opened.
 */
export function bookerChangeUrls(config: LinkConfig, bookingId: string) {
  const link = (purpose: BookerChangePurpose, path: string) =>
    `${config.SITE_URL}/booking/${path}/${signLink(config.NEWSLETTER_LINK_SECRET, purpose, bookingId, null)}`;
  return {
    rescheduleUrl: link("booking-reschedule", "reschedule"),
    cancelUrl: link("booking-cancel", "cancel"),
  };
}

export type BookerChangePurpose = "booking-reschedule" | "booking-cancel";

export type BookingLinkPurpose =
  "booking-confirm" | "booking-order" | "booking-invite" | BookerChangePurpose;

/** The record a booking link names, or why it names none. */
export function readBookingLink(
  config: LinkConfig,
  purpose: BookingLinkPurpose,
  token: string,
  now: Date,
) {
  return verifyLink(config.NEWSLETTER_LINK_SECRET, purpose, token, now);
}
