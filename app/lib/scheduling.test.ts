import { describe, expect, it, vi } from "vitest";
import { openInNewTab } from "./scheduling";

function fakeWindow(openResult: { opener: unknown } | null) {
  return {
    open: vi.fn(() => openResult as Window | null),
    location: { assign: vi.fn() } as unknown as Location,
  };
}

describe("openInNewTab", () => {
  it("opens a new tab and cuts its opener", () => {
    const tab = { opener: "the site" };
    const target = fakeWindow(tab);
    expect(openInNewTab("/schedule", target)).toBe("new-tab");
    expect(target.open).toHaveBeenCalledWith("/schedule", "_blank");
    expect(tab.opener).toBeNull();
    expect(target.location.assign).not.toHaveBeenCalled();
  });

  it("navigates the current window when the new tab is refused", () => {
    const target = fakeWindow(null);
    expect(openInNewTab("/schedule", target)).toBe("same-window");
    expect(target.location.assign).toHaveBeenCalledWith("/schedule");
  });
});
