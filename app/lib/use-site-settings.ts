import { useRouteLoaderData } from "react-router";
import { defaultRuntimeSiteSettings, type RuntimeSiteSettings } from "./site";

/** Runtime settings from the root loader; defaults while an error screen renders without it. */
export function useSiteSettings(): RuntimeSiteSettings {
  const data = useRouteLoaderData("root") as { settings?: RuntimeSiteSettings } | undefined;
  return data?.settings ?? defaultRuntimeSiteSettings;
}
