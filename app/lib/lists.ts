/** The mailing lists a person can join; each is a double opt-in. */
export const listNames = ["newsletter", "waitlist"] as const;
export type ListName = (typeof listNames)[number];

export const membershipStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];
