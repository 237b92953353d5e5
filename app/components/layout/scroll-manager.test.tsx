// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollManager, type ScrollState } from "./scroll-manager";

const delayed: ScrollState = { scrollDelayMs: 1000 };

function renderSite() {
  const router = createMemoryRouter([
    {
      element: (
        <>
          <ScrollManager />
          <Outlet />
        </>
      ),
      children: [
        {
          path: "/",
          element: (
            <>
              <Link to="/contact#contact-form" state={delayed}>
                Delayed
              </Link>
              <Link to="/contact#contact-form">Straight</Link>
            </>
          ),
        },
        { path: "/contact", element: <form id="contact-form" aria-label="Contact" /> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("ScrollManager", () => {
  let scrolledTo: Element[];
  beforeEach(() => {
    vi.useFakeTimers();
    scrolledTo = [];
    // jsdom lays nothing out: record where the page was asked to scroll.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as typeof window.matchMedia;
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });
  afterEach(() => vi.useRealTimers());

  it("scrolls to the hash target after the delay the link carries, not before", async () => {
    renderSite();
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Delayed" })));
    const form = screen.getByRole("form", { name: "Contact" });
    await act(async () => vi.advanceTimersByTime(999));
    expect(scrolledTo).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(scrolledTo).toEqual([form]);
  });

  it("scrolls to the hash target at once when the link carries no delay", async () => {
    renderSite();
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Straight" })));
    await act(async () => vi.advanceTimersByTime(0));
    expect(scrolledTo).toEqual([screen.getByRole("form", { name: "Contact" })]);
  });
});
