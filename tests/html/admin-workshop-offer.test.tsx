// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CohortPage from "~/routes/admin.workshops.$id";
import { renderConsolePage } from "../../support/console-page";

/** The cohort's console page with `held` and `sold` of 2 seats, and one person waiting. */
async function renderCohort({ held, sold }: { held: number; sold: number }) {
  renderConsolePage({
    path: "workshops/:id",
    url: "/admin/workshops/c1",
    data: {
      event: { id: "c1", title: "Foundations", when: "May 4–6, 2027", seats: 2, held, sold },
      values: {},
      attendees: [],
      letters: [],
      writeHref: "",
      waitlist: [
        {
          id: "w1",
          name: "Ada",
          email: "ada@example.com",
          status: "waiting",
          reason: "visitor",
          offered_at: null,
          offer_expires_at: null,
          created_at: "2026-11-21T12:00:00.000Z",
        },
      ],
    },
    Page: CohortPage,
  });
  await screen.findByTestId("seat-counts");
}

describe("the cohort's waiting list in the console", () => {
  it("offers a seat only while one is free", async () => {
    await renderCohort({ held: 1, sold: 1 });
    expect(screen.getByTestId("seat-counts").textContent).toBe("1 sold, 1 held, 0 free of 2");
    expect(screen.queryByRole("button", { name: "Offer a seat to Ada" })).toBeNull();
  });

  it("shows the offer button when a seat is free", async () => {
    await renderCohort({ held: 0, sold: 1 });
    expect(screen.getByRole("button", { name: "Offer a seat to Ada" })).toBeTruthy();
  });
});
