import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pageRoutes, resourceRoutes } from "./route-table";

export default [
  ...pageRoutes.map(({ path, file }) => (path === "/" ? index(file) : route(path, file))),
  ...resourceRoutes.map(({ path, file }) => route(path, file)),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
