import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pageRoutes, resourceRoutes } from "./route-table";

export default [
  ...pageRoutes.map(({ path, file }) => (path === "/" ? index(file) : route(path, file))),
  ...resourceRoutes.map(({ path, file }) => route(path, file)),
  // The owner's console: server-rendered, never prerendered nor listed in the sitemap. Every page
  // below `admin` passes the layout's session check; sign-in and sign-out stand outside it.
  route("admin/sign-in", "routes/admin.sign-in.tsx"),
  route("admin/sign-in/verify", "routes/admin.sign-in.verify.tsx"),
  route("admin/sign-in/passkey", "routes/admin.sign-in.passkey.ts"),
  route("admin/sign-out", "routes/admin.sign-out.ts"),
  route("admin/passkeys", "routes/admin.passkeys.ts"),
  route("admin/people/:id/export", "routes/admin.people.$id.export.ts"),
  route("admin/export/:kind", "routes/admin.export.$kind.ts"),
  route("admin/analytics/export/:table", "routes/admin.analytics.export.$table.ts"),
  route("admin/broadcasts/recipients", "routes/admin.broadcasts.recipients.ts"),
  route("admin/broadcasts/:id/report.csv", "routes/admin.broadcasts.$id.report.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("people", "routes/admin.people.tsx"),
    route("people/import", "routes/admin.people.import.tsx"),
    route("people/:id", "routes/admin.people.$id.tsx"),
    route("people/:id/erase", "routes/admin.people.$id.erase.tsx"),
    route("inbox", "routes/admin.inbox.tsx"),
    route("inbox/:id", "routes/admin.inbox.$id.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("booking", "routes/admin.booking.tsx"),
    route("booking/calendar", "routes/admin.booking.calendar.tsx"),
    route("booking/:id", "routes/admin.booking.$id.tsx"),
    route("analytics", "routes/admin.analytics.tsx"),
    route("analytics/delete", "routes/admin.analytics.delete.tsx"),
    route("email", "routes/admin.email.tsx"),
    route("broadcasts", "routes/admin.broadcasts.tsx"),
    route("broadcasts/new", "routes/admin.broadcasts.new.tsx"),
    route("broadcasts/:id", "routes/admin.broadcasts.$id.tsx"),
    route("security", "routes/admin.security.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("refused", "routes/admin.refused.tsx"),
    route("*", "routes/admin.not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
