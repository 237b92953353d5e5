import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readDeliveryReports } from "./delivery-report";
import { outboxIdFromReturnPath, returnPathFor } from "./return-path";

const bounceAddress = "bounces@presenceselling.com";
const now = new Date("2026-12-07T12:00:00Z");
const fixture = (name: string) => readFileSync(`tests/fixtures/delivery-reports/${name}.eml`);
const read = (name: string) => readDeliveryReports(fixture(name), { bounceAddress, now });

describe("delivery reports mailed to the return path", () => {
  it("reads a failed 5.x.x recipient as a hard bounce of the email its return path names", async () => {
    expect(await read("postfix-hard-bounce")).toEqual([
      {
        reportId: "<20261207091244.5A1B2C3D4E@mx.presenceselling.com>#0",
        kind: "bounce",
        bounce: "hard",
        recipient: "no.such.reader@example.org",
        outboxId: "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
        detail:
          "smtp; 550 5.1.1 <no.such.reader@example.org>: Recipient address rejected: User unknown",
        occurredAt: new Date("2026-12-07T09:12:43Z"),
      },
    ]);
  });

  it("reads a failed 4.x.x as a soft bounce, tied by the quoted Message-ID without a return path", async () => {
    const [report] = await read("soft-bounce-quoted-message-id");
    expect(report).toMatchObject({
      kind: "bounce",
      bounce: "soft",
      recipient: "full.mailbox@example.net",
      outboxId: "8c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
      occurredAt: new Date("2026-12-07T10:00:01Z"),
    });
  });

  it("reads an ARF abuse report as a complaint from the recipient it names", async () => {
    expect(await read("arf-abuse")).toEqual([
      expect.objectContaining({
        reportId: "<arf-20261207113000-77@arf.mail.yahoo.com>#complaint",
        kind: "complaint",
        recipient: "annoyed.reader@yahoo.example",
        outboxId: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
        occurredAt: new Date("2026-12-07T11:20:00Z"),
      }),
    ]);
  });

  it("reads a delay warning and an auto-reply as no report", async () => {
    expect(await read("delayed-warning")).toEqual([]);
    expect(await read("auto-reply")).toEqual([]);
  });

  it("makes and reads back a return path, and ignores another address's", () => {
    const id = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";
    const path = returnPathFor(bounceAddress, id);
    expect(path).toBe(`bounces+${id}@presenceselling.com`);
    expect(outboxIdFromReturnPath(bounceAddress, `<${path.toUpperCase()}>`)).toBe(id);
    expect(
      outboxIdFromReturnPath(bounceAddress, `bounces+${id}@elsewhere.example`),
    ).toBeUndefined();
    expect(
      outboxIdFromReturnPath(bounceAddress, "bounces+not-an-id@presenceselling.com"),
    ).toBeUndefined();
  });
});
