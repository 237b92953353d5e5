import { describe, expect, it } from "vitest";
import type { BroadcastStatus } from "~/.server/broadcasts";
import type { OrderStatus } from "~/.server/sales";
import { inboxStatuses, outboxStatuses } from "~/lib/admin-statuses";
import { membershipStatuses } from "~/lib/lists";
import { statusTones, type Status } from "./status-badge";

const orderStatuses: OrderStatus[] = ["pending", "paid", "refunded", "failed"];
const broadcastStatuses: BroadcastStatus[] = [
  "draft",
  "scheduled",
  "queued",
  "sending",
  "paused",
  "sent",
  "cancelled",
];

const kinds: Record<string, readonly Status[]> = {
  "contact message": inboxStatuses,
  email: outboxStatuses,
  broadcast: broadcastStatuses,
  order: orderStatuses,
  "list membership": membershipStatuses,
};

describe("status chips", () => {
  for (const [kind, statuses] of Object.entries(kinds)) {
    it(`give every ${kind} status a colour of its own`, () => {
      const tones = statuses.map((status) => statusTones[status]);
      expect(new Set(tones).size, tones.join(", ")).toBe(statuses.length);
    });
  }
});
