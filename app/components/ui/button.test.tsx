// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge";
import { Button, buttonVariants } from "./button";

describe("Button", () => {
  it.each([
    "default",
    "destructive",
    "outline",
    "secondary",
    "ghost",
    "link",
    "zen",
    "enlighten",
    "presence",
    "witness",
  ] as const)("has a distinct look for the %s variant", (variant) => {
    const others = [
      "default",
      "destructive",
      "outline",
      "secondary",
      "ghost",
      "link",
      "zen",
      "enlighten",
      "presence",
      "witness",
    ]
      .filter((other) => other !== variant)
      .map((other) => buttonVariants({ variant: other as typeof variant }));
    expect(others).not.toContain(buttonVariants({ variant }));
  });

  it("has the four sizes", () => {
    const sizes = (["default", "sm", "lg", "icon"] as const).map((size) =>
      buttonVariants({ size }),
    );
    expect(new Set(sizes).size).toBe(4);
  });

  it("renders its child as the element when asChild is set", () => {
    render(
      <Button asChild variant="link">
        <a href="/book">The Book</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "The Book" });
    expect(link).toHaveAttribute("href", "/book");
    expect(link.className).toContain("underline-offset-4");
  });

  it("renders badges in four variants", () => {
    render(
      <>
        {(["default", "secondary", "destructive", "outline"] as const).map((variant) => (
          <Badge key={variant} variant={variant}>
            {variant}
          </Badge>
        ))}
      </>,
    );
    const classes = ["default", "secondary", "destructive", "outline"].map(
      (name) => screen.getByText(name).className,
    );
    expect(new Set(classes).size).toBe(4);
  });
});
