// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("renders its child as the element when asChild is set, and both hear the click", () => {
    const onButtonClick = vi.fn();
    const onLinkClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Button asChild variant="link" onClick={onButtonClick}>
        <a href="/book" onClick={onLinkClick}>
          The Book
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "The Book" });
    expect(link).toHaveAttribute("href", "/book");
    expect(screen.queryByRole("button")).toBeNull();
    fireEvent.click(link);
    expect(onLinkClick).toHaveBeenCalledOnce();
    expect(onButtonClick).toHaveBeenCalledOnce();
  });
});
