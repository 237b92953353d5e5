// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it } from "vitest";
import { takeConsoleErrors } from "../../../tests/setup/vitest-setup";
import { AdminError } from "./admin-error";

/** A console page at `path` whose loader throws `failure`, shown by the console's boundary. */
async function renderFailure(path: string, failure: () => unknown) {
  const Stub = createRoutesStub([
    {
      path,
      loader: failure,
      Component: () => <p>never shown</p>,
      ErrorBoundary: ({ error }: { error: unknown }) => <AdminError error={error} />,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  const heading = await screen.findByRole("heading", { level: 1 });
  takeConsoleErrors();
  return {
    heading: heading.textContent,
    text: screen.getByRole("alert").textContent,
    status: screen.getByTestId("admin-error-status").textContent,
    links: screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]),
  };
}

describe("the console's error page", () => {
  it("says a 404 plainly, with the section's list and the dashboard to go back to", async () => {
    const shown = await renderFailure("/admin/people/gone", () => {
      throw data(null, 404);
    });
    expect(shown.heading).toBe("Not found");
    expect(shown.text).toContain("There is nothing at this address");
    expect(shown.status).toBe("404");
    expect(shown.links).toEqual([
      ["Reload this page", "/admin/people/gone"],
      ["Back to People", "/admin/people"],
      ["Back to the dashboard", "/admin"],
    ]);
  });

  it("gives a 400's own sentence", async () => {
    const shown = await renderFailure("/admin/inbox/1", () => {
      throw data({ error: "Choose new, replied or archived." }, 400);
    });
    expect(shown.heading).toBe("The request was refused");
    expect(shown.text).toContain("Choose new, replied or archived.");
    expect(shown.status).toBe("400");
  });

  it("tells a stale form from another refusal among 403s", async () => {
    const stale = await renderFailure("/admin/people/import", () => {
      throw data({ error: "This form has expired: reload the page and try again." }, 403);
    });
    expect(stale.heading).toBe("This form has expired");
    expect(stale.text).toContain("reloads now with a fresh form");
    expect(stale.status).toBe("403");
    expect(stale.links[0]).toEqual(["Reload this page", "/admin/people/import"]);
  });

  it("calls another 403 a refusal, never a server error", async () => {
    const forged = await renderFailure("/admin/orders", () => {
      throw data({ error: "Cross-site request refused." }, 403);
    });
    expect(forged.heading).toBe("The request was refused");
    expect(forged.text).toContain("Cross-site request refused.");
    expect(forged.text).not.toMatch(/Internal Server Error/);
  });

  it("says a failure changed nothing, without its inner message", async () => {
    const shown = await renderFailure("/admin/email", () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432");
    });
    expect(shown.heading).toBe("Something went wrong");
    expect(shown.text).toContain("Nothing was changed");
    expect(shown.text).not.toContain("ECONNREFUSED");
    expect(shown.status).toBe("500");
  });

  it("sends a refused download back to the page it came from", async () => {
    const shown = await renderFailure("/admin/refused", () => {
      throw data({ error: "No such export", back: "/admin/orders?status=paid" }, 404);
    });
    expect(shown.text).toContain("No such export");
    expect(shown.links).toEqual([
      ["Back to Orders", "/admin/orders?status=paid"],
      ["Back to the dashboard", "/admin"],
    ]);
  });
});
