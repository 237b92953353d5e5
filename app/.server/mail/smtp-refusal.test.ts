import { describe, expect, it } from "vitest";
import { classifySendFailure } from "./smtp-refusal";

/** A failure as nodemailer reports it: the reply line, its code and the command refused. */
const refused = (response: string, command = "RCPT TO") =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
    response,
    responseCode: Number(response.slice(0, 3)),
    command,
  });

describe("classifySendFailure", () => {
  it.each([
    ["550 5.1.1 No such mailbox here", "mailbox"],
    ["550 5.1.10 Recipient address rejected: null MX", "mailbox"],
    ["553 5.1.3 Bad recipient address syntax", "mailbox"],
    // 5.1.7/5.1.8 are the sender's address: our problem, not the reader's.
    ["553 5.1.8 Sender address rejected: domain not found", "provider"],
    ["550 5.7.1 sending limit exceeded", "provider"],
    ["554 5.7.1 Service unavailable; client host blocked using Spamhaus", "provider"],
    ["452 4.3.1 Insufficient system storage", "provider"],
    ["451 4.7.1 Please try again later (rate limited)", "provider"],
    ["552 5.3.4 Message size exceeds fixed limit", "provider"],
    ["554 5.4.6 Routing loop detected", "provider"],
    ["450 4.2.0 Mailbox busy, try again later", "transient"],
    ["452 4.2.2 Mailbox full", "transient"],
    ["552 5.2.2 Mailbox full", "transient"],
    ["554 5.6.0 Message content rejected", "message"],
  ])("reads %s by its enhanced code as %s", (response, kind) => {
    expect(classifySendFailure(refused(response)).kind).toBe(kind);
  });

  it.each([
    ["550 User unknown", "RCPT TO", "mailbox"],
    ["550 Requested action not taken: mailbox unavailable", "RCPT TO", "mailbox"],
    // The same words after DATA are not about the address.
    ["550 Requested action not taken: mailbox unavailable", "DATA", "message"],
    ["550 Daily sending quota exceeded", "RCPT TO", "provider"],
    ["554 Relay access denied", "RCPT TO", "provider"],
    ["421 Service not available, closing channel", "MAIL FROM", "provider"],
    ["450 Requested mail action not taken", "RCPT TO", "transient"],
    ["554 Transaction failed", "DATA", "message"],
  ])(
    "reads %s (after %s) without an enhanced code by its words as %s",
    (response, command, kind) => {
      expect(classifySendFailure(refused(response, command)).kind).toBe(kind);
    },
  );

  it("calls a failure with no reply (a lost connection, a timeout) transient", () => {
    const timeout = Object.assign(new Error("Timeout"), { code: "ETIMEDOUT" });
    expect(classifySendFailure(timeout)).toEqual({ kind: "transient", words: "Timeout" });
  });

  it("keeps the code, the enhanced status and at most 300 characters of the words", () => {
    const failure = classifySendFailure(refused(`550 5.7.1 ${"x".repeat(1000)}`));
    expect(failure).toMatchObject({ kind: "provider", code: 550, status: "5.7.1" });
    expect(failure.words).toHaveLength(300);
  });
});
