import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, Outlet } from "react-router";

/**
 * Renders one console page in jsdom under the console's layout route, which hands over a signed-in
 * session as its loader does, with `data` as the page's loader data; the caller waits for what it
 * reads. `path` is the page's route under /admin; `url` the address it is opened at.
 */
export function renderConsolePage({
  path,
  url,
  data,
  Page,
}: {
  path: string;
  url: string;
  data: object;
  Page: ComponentType<never>;
}) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      loader: () => ({
        email: "owner@presence.example",
        csrfToken: "token",
        newMessages: 0,
        failedEmails: 0,
        pausedBroadcasts: [],
      }),
      Component: () => <Outlet />,
      children: [{ path, loader: () => data, Component: Page as ComponentType }],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}
