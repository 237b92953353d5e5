// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it } from "vitest";
import { takeConsoleErrors } from "../tests/setup/vitest-setup";
import { ErrorBoundary } from "./root";

function renderFailingRoute(loader: () => unknown) {
  const Stub = createRoutesStub([
    { path: "/", loader, Component: () => <p>never shown</p>, ErrorBoundary },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("root error boundary", () => {
  it("shows 'Unexpected Application Error!' with the status and status text of a failed response", async () => {
    renderFailingRoute(() => {
      throw data("nope", { status: 503, statusText: "Service Unavailable" });
    });
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("error-detail")).toHaveTextContent("503 Service Unavailable");
    takeConsoleErrors();
  });

  it("shows the message of a thrown error", async () => {
    renderFailingRoute(() => {
      throw new Error("The database is asleep");
    });
    expect(await screen.findByTestId("error-detail")).toHaveTextContent("The database is asleep");
    takeConsoleErrors();
  });

  it("shows the 404 page for a missing thing, and logs the path once hydrated", async () => {
    // A page loaded at a missing path logs from its inline script (browser-tested); after
    // hydration, the page logs from its effect.
    document.documentElement.dataset.hydrated = "true";
    renderFailingRoute(() => {
      throw data(null, { status: 404 });
    });
    expect(
      await screen.findByRole("heading", { name: /Oops! Page not found/ }),
    ).toBeInTheDocument();
    // The effect logs after the page shows, later still on a busy machine.
    const logged: string[] = [];
    await waitFor(() => {
      logged.push(...takeConsoleErrors().map((args) => args.join(" ")));
      expect(logged.some((line) => line.includes("non-existent route: /"))).toBe(true);
    });
    delete document.documentElement.dataset.hydrated;
  });
});
