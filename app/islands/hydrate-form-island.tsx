import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot, islandContainer, readIslandProps } from "~/components/layout/form-island";

/** Marks the page interactive once the island has committed (the deferred loader and tests wait for it). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return children;
}

/** Hydrates a form page's island with the props the server rendered it with (decision 077). */
export function hydrateFormIsland<P extends object>(name: string, component: ComponentType<P>) {
  const container = islandContainer(name);
  const props = readIslandProps<P>(document, name);
  if (!container || !props) return;
  hydrateRoot(
    container,
    <Hydrated>
      <IslandRoot component={component} props={props} />
    </Hydrated>,
  );
}
