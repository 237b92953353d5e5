// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

function renderPager(props: { page: number; total: number; totalIsLowerBound?: boolean }) {
  const Stub = createRoutesStub([
    {
      path: "/admin/people",
      Component: () => <Pagination pageSize={50} search="q=ad" {...props} />,
    },
  ]);
  render(<Stub initialEntries={["/admin/people"]} />);
  const pager = screen.getByRole("navigation", { name: "Pages" });
  return {
    text: pager.textContent,
    links: screen
      .queryAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]),
  };
}

describe("the console's pager", () => {
  it("says a count that stopped at its cap is a lower bound, and still leads on", () => {
    const shown = renderPager({ page: 200, total: 10_000, totalIsLowerBound: true });
    expect(shown.text).toContain("Page 200 of 200+ · 10,000+ in all");
    expect(shown.links).toEqual([
      ["Previous", "/admin/people?q=ad&page=199"],
      ["Next", "/admin/people?q=ad&page=201"],
    ]);
  });

  it("tells an exact count as it is, with no Next on the last page", () => {
    const shown = renderPager({ page: 2, total: 55 });
    expect(shown.text).toContain("Page 2 of 2 · 55 in all");
    expect(shown.links).toEqual([["Previous", "/admin/people?q=ad&page=1"]]);
  });
});
