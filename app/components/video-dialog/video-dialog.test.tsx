// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VideoDialog } from "./video-dialog";

afterEach(() => {
  delete window.gtag;
});

async function openDialog() {
  render(
    <VideoDialog
      videoId="abc123"
      title="Closing Bell"
      trigger={<button type="button">Watch</button>}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Watch" }));
  return screen.findByRole("dialog", { name: "Closing Bell" }, { timeout: 10_000 });
}

describe("VideoDialog", () => {
  it("creates no frame until opened, then embeds the video with the spec's options", async () => {
    render(
      <VideoDialog
        videoId="abc123"
        title="Closing Bell"
        trigger={<button type="button">Watch</button>}
      />,
    );
    expect(document.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Watch" }));
    const dialog = await screen.findByRole("dialog", { name: "Closing Bell" }, { timeout: 10_000 });
    const frame = dialog.querySelector("iframe")!;
    expect(frame.src).toBe(
      "https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0&modestbranding=1",
    );
    expect(frame.title).toBe("Closing Bell");
  });

  it("marks the video loaded and sends one video_play event when the frame loads", async () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute("data-loaded", "false");
    fireEvent.load(dialog.querySelector("iframe")!);
    expect(dialog).toHaveAttribute("data-loaded", "true");
    expect(gtag).toHaveBeenCalledExactlyOnceWith("event", "video_play", {
      event_category: "engagement",
      event_label: "Closing Bell",
      video_id: "abc123",
      value: 1,
    });
  });

  it("plays without an analytics function, and the page reports no error", async () => {
    // React reports an error thrown in an event handler on window, not to the caller.
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      reported.push(event.error);
      event.preventDefault();
    };
    window.addEventListener("error", onError);
    try {
      const dialog = await openDialog();
      fireEvent.load(dialog.querySelector("iframe")!);
      expect(dialog).toHaveAttribute("data-loaded", "true");
      expect(reported).toEqual([]);
    } finally {
      window.removeEventListener("error", onError);
    }
  });

  it("resets the loaded flag when closed", async () => {
    const dialog = await openDialog();
    fireEvent.load(dialog.querySelector("iframe")!);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Close" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Watch" }));
    const reopened = await screen.findByRole(
      "dialog",
      { name: "Closing Bell" },
      { timeout: 10_000 },
    );
    expect(reopened).toHaveAttribute("data-loaded", "false");
  });
});
