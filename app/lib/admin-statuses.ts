/** Where the owner is with a contact message: the inbox moves it along these. */
export const inboxStatuses = ["new", "replied", "archived"] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** The outbox's states, in the order an email passes through them. */
export const outboxStatuses = ["pending", "sending", "sent", "failed", "cancelled"] as const;
