import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { SmtpSink } from "../../support/smtp-sink";

const message = (index: number) => ({
  id: `pool-${index}`,
  createdAt: new Date().toISOString(),
  to: `reader${index}@example.com`,
  from: "Presence Selling <no-reply@presence.example>",
  subject: "This week",
  text: "A letter.",
  headers: {},
});

describe("the SMTP pool against a slow server", () => {
  let sink: SmtpSink;
  beforeEach(async () => {
    sink = await new SmtpSink().start();
  });
  afterEach(async () => {
    await sink.stop();
  });

  it("opens up to its most connections while each reply takes 300 ms, and sends each email once", async () => {
    sink.replyDelayMs = 300;
    const transport = smtpTransport(sink.url, {
      pool: { connections: 2, maxConnections: 8, messagesPerConnection: 100 },
    });
    try {
      await Promise.all(Array.from({ length: 24 }, (_, index) => transport.send(message(index))));
    } finally {
      transport.close();
    }
    expect(sink.mostInFlight).toBe(8);
    const delivered = sink.received.map((email) => email.envelopeTo[0]);
    expect(new Set(delivered).size).toBe(24);
    expect(delivered).toHaveLength(24);
  });

  it("keeps to its connections when it may open no more", async () => {
    sink.replyDelayMs = 300;
    const transport = smtpTransport(sink.url, {
      pool: { connections: 2, messagesPerConnection: 100 },
    });
    try {
      await Promise.all(Array.from({ length: 6 }, (_, index) => transport.send(message(index))));
    } finally {
      transport.close();
    }
    expect(sink.mostInFlight).toBe(2);
    expect(sink.received).toHaveLength(6);
  });
});
