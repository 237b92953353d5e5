import { useEffect, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot, islandContainer, readIslandProps } from "~/components/layout/form-island";
import { replayEarlyInput } from "./early-input";

/**
 * Hands React what the visitor did to the form before it ran (decision 130), then marks the page
 * interactive (the deferred loader and tests wait for it). The replay is queued from the commit
 * itself, before the browser takes any other input: a change made after hydration is React's own.
 */
function Hydrated({ container, children }: { container: Element; children: ReactNode }) {
  useLayoutEffect(() => {
    queueMicrotask(() => replayEarlyInput(container));
  }, [container]);
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
    <Hydrated container={container}>
      <IslandRoot component={component} props={props} />
    </Hydrated>,
  );
}
