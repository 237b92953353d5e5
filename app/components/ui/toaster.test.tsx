// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { showToast, Toaster } from "./toaster";

describe("Toaster", () => {
  it("shows toasts bottom-right in a region labelled Notifications with the Alt+T hint", async () => {
    render(<Toaster />);
    void showToast({ title: "Message sent successfully!", description: "Thank you." });
    expect(
      await screen.findByText("Message sent successfully!", undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const region = document.querySelector("section[aria-label]")!;
    expect(region.getAttribute("aria-label")).toBe("Notifications alt+T");
    const list = document.querySelector("[data-sonner-toaster]")!;
    expect(list.getAttribute("data-y-position")).toBe("bottom");
    expect(list.getAttribute("data-x-position")).toBe("right");
  });

  it("shows a destructive toast as an error", async () => {
    render(<Toaster />);
    void showToast({
      title: "Failed to send message",
      description: "Please try again.",
      variant: "destructive",
    });
    const title = await screen.findByText("Failed to send message", undefined, { timeout: 10_000 });
    expect(title.closest("[data-sonner-toast]")).toHaveAttribute("data-type", "error");
  });
});
