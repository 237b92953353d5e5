// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscribeForm } from "./subscribe-form";

function renderBox(answer: { status: string }) {
  const received: FormData[] = [];
  const Stub = createRoutesStub([
    { path: "/resources", Component: () => <SubscribeForm source="/resources" /> },
    {
      path: "/signup",
      action: async ({ request }) => {
        received.push(await request.formData());
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={["/resources"]} />);
  return received;
}

describe("SubscribeForm", () => {
  it("posts the address and its page to /signup and says a confirmation email is on its way", async () => {
    const received = renderBox({ status: "subscribed" });
    await userEvent.type(screen.getByLabelText("Email address"), "reader@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(
      await screen.findByText(
        "Check your inbox: we've sent you a link to confirm your subscription.",
      ),
    ).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]!.get("email")).toBe("reader@example.com");
    expect(received[0]!.get("source")).toBe("/resources");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeDisabled();
  });

  it("says so when the signup failed, and lets the visitor try again", async () => {
    renderBox({ status: "failed" });
    await userEvent.type(screen.getByLabelText("Email address"), "reader@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(/couldn't subscribe you just now/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  it("is a plain form posting to /signup before JavaScript runs", () => {
    renderBox({ status: "subscribed" });
    const form = screen.getByRole("button", { name: "Subscribe" }).closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/signup");
  });
});
