import type { ComponentType } from "react";
import { Toaster } from "~/components/ui/toaster";

/** The ids of a form island's container and of the JSON of its props. */
function islandIds(name: string) {
  return { root: `${name}-island`, props: `${name}-island-props` };
}

/** An island's props as a page gives them (this page's, or a page a post answered with). */
export function readIslandProps<P>(page: Document, name: string): P | null {
  const json = page.getElementById(islandIds(name).props)?.textContent;
  return json ? (JSON.parse(json) as P) : null;
}

export function islandContainer(name: string) {
  return document.getElementById(islandIds(name).root);
}

/** What an island renders, on the server and in the browser alike: its part and the toasts. */
export function IslandRoot<P extends object>({
  component: Component,
  props,
}: {
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <>
      <Component {...props} />
      <Toaster />
    </>
  );
}

/**
 * A form page's interactive part (decision 077): rendered by the server with its props beside it
 * as JSON, hydrated in the browser by its own island module (app/islands/forms/) without React
 * Router. The container takes no box of its own (`contents`), so the page lays out as before.
 */
export function FormIsland<P extends object>({
  name,
  component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const ids = islandIds(name);
  // `<` escaped: the JSON cannot close its script element.
  const json = JSON.stringify(props).replace(/</g, "\\u003c");
  return (
    <>
      <script type="application/json" id={ids.props} dangerouslySetInnerHTML={{ __html: json }} />
      <div id={ids.root} className="contents">
        <IslandRoot component={component} props={props} />
      </div>
    </>
  );
}
