import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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
  return (pathname) => {
    const matches = matchRoutes(roots, pathname);
    const last = matches?.at(-1);
    if (!last || last.route.path === "*") return "unmatched";
    const pattern = matches!
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    return `/${pattern}`.replace(/\/+/g, "/");
  };
}
