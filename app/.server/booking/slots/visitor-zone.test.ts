import { describe, expect, it } from "vitest";
import { visitorZone } from "./visitor-zone";

describe("visitorZone", () => {
  it("lists zones by their current names, the ones browsers report", () => {
    const { zones } = visitorZone(null, "America/Denver");
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).toContain("Europe/Kyiv");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(zones).toEqual([...zones].sort());
  });

  it("keeps an older name the address gives selectable, and shows the owner's zone for an unknown one", () => {
    expect(visitorZone("Asia/Calcutta", "America/Denver").zones[0]).toBe("Asia/Calcutta");
    expect(visitorZone("Asia/Kolkata", "America/Denver")).toMatchObject({
      zone: "Asia/Kolkata",
      zoneChosen: true,
      unknownZone: false,
    });
    expect(visitorZone("Mars/Olympus", "America/Denver")).toMatchObject({
      zone: "America/Denver",
      unknownZone: true,
    });
  });
});
