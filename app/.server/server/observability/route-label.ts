import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Labels kept before the cache starts over. */
const remembered = 1000;

/**
 * Names a request by its route pattern (`/articles/:slug`), not its path, so metrics stay a bounded
 * set of series whatever URLs visitors invent. Paths no route matches are "unmatched".
 */
export function routeLabeller(build: ServerBuild): (pathname: string) => string {
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(build.routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // Matching costs more than the rest of a static answer; paths repeat, so their labels are kept
  // (a bounded number: visitors can invent any number of paths).
  const labels = new Map<string, string>();
  return (pathname) => {
    let label = labels.get(pathname);
    if (label === undefined) {
      if (labels.size >= remembered) labels.clear();
      label = labelOf(roots, pathname);
      labels.set(pathname, label);
    }
    return label;
  };
}

function labelOf(roots: RouteObject[], pathname: string) {
  const matches = matchRoutes(roots, pathname);
  const last = matches?.at(-1);
  if (!last || last.route.path === "*") return "unmatched";
  const pattern = matches!
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/");
  return `/${pattern}`.replace(/\/+/g, "/");
}
