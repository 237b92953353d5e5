/** The list memberships the people list filters by: `<list>:<status>`. */
export const membershipFilters = [
  { value: "newsletter:pending", label: "Newsletter — pending" },
  { value: "newsletter:confirmed", label: "Newsletter — confirmed" },
  { value: "newsletter:unsubscribed", label: "Newsletter — unsubscribed" },
  { value: "waitlist:pending", label: "Waitlist — pending" },
  { value: "waitlist:confirmed", label: "Waitlist — confirmed" },
  { value: "waitlist:unsubscribed", label: "Waitlist — left" },
] as const;
export type MembershipFilter = (typeof membershipFilters)[number]["value"];
