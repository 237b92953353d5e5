/** The console's sections, in the navigation's order. */
export const consoleSections = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/people", label: "People" },
  { to: "/admin/inbox", label: "Inbox" },
  { to: "/admin/pipeline", label: "Pipeline" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/booking", label: "Booking" },
  { to: "/admin/workshops", label: "Workshops" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/broadcasts", label: "Broadcasts" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/sequences", label: "Sequences" },
  { to: "/admin/email", label: "Email" },
  { to: "/admin/security", label: "Security" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

export type ConsoleSection = (typeof consoleSections)[number];

/** The section a console path belongs to (the dashboard for /admin itself and unknown paths). */
export function sectionOf(pathname: string): ConsoleSection {
  const [dashboard, ...rest] = consoleSections;
  return rest.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`)) ?? dashboard;
}
