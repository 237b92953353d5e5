import { describe, expect, it } from "vitest";
import { redirectWithToast, takeFlashToast } from "./flash-toast";

describe("the flash toast cookie", () => {
  const toast = { title: "Sent", variant: "success" as const };

  it("is Secure under an https SITE_URL, when set and when cleared", async () => {
    const set = (await redirectWithToast("/contact", toast, "https://presence.example")).headers;
    expect(set.get("Set-Cookie")).toMatch(/; Secure/);
    const cookie = set.get("Set-Cookie")!.split(";")[0]!;
    const taken = await takeFlashToast(
      new Request("https://presence.example/contact", { headers: { Cookie: cookie } }),
      "https://presence.example",
    );
    expect(taken.toast).toEqual({ title: "Sent", description: undefined, variant: "success" });
    expect(taken.headers?.["Set-Cookie"]).toMatch(/Max-Age=0.*; Secure|; Secure.*Max-Age=0/);
  });

  it("is not Secure on a plain-http local preview (the browser would drop it)", async () => {
    const set = (await redirectWithToast("/contact", toast, "http://localhost:3000")).headers;
    expect(set.get("Set-Cookie")).not.toMatch(/Secure/);
  });
});
