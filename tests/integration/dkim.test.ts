import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { dkimVerify } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport, type TransportMessage } from "~/.server/mail/mail-transport";
import { SmtpSink } from "../../support/smtp-sink";

const selector = "mail2026";
const domain = "presence.example";

function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKey, publicKey };
}

/** The TXT record README tells the owner to publish, served by a resolver instead of DNS. */
function dnsWith(publicKey: KeyObject) {
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
  return async (name: string, type: string) => {
    if (type === "TXT" && name === `${selector}._domainkey.${domain}`) return [[record]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  };
}

describe("DKIM-signed delivery", () => {
  let sink: SmtpSink;
  const keys = rsaKeys();

  beforeAll(async () => {
    sink = await new SmtpSink().start();
  });
  afterAll(async () => {
    await sink.stop();
  });

  async function sendSigned(overrides: Partial<TransportMessage> = {}) {
    const transport = smtpTransport(sink.url, {
      dkim: {
        domainName: domain,
        keySelector: selector,
        privateKey: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      },
    });
    const before = sink.received.length;
    try {
      await transport.send({
        id: `dkim-${before}`,
        createdAt: new Date().toISOString(),
        to: "reader@example.com",
        from: `Presence Selling <no-reply@${domain}>`,
        subject: "Welcome to the Journey — Presence Selling",
        text: "Your subscription is confirmed.",
        html: "<p>Your subscription is confirmed.</p>",
        headers: {
          "List-Unsubscribe": "<https://presence.example/newsletter/unsubscribe/token>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        ...overrides,
      });
    } finally {
      transport.close();
    }
    return (await sink.waitFor(before + 1))[before]!;
  }

  it("signs what it sends with the configured key, and the signature verifies", async () => {
    const received = await sendSigned();
    expect(received.header("dkim-signature")).toContain(`s=${selector}`);
    const verified = await dkimVerify(received.raw, { resolver: dnsWith(keys.publicKey) });
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({
      signingDomain: domain,
      selector,
      status: { result: "pass", aligned: domain },
    });
  });

  it("signs both one-click unsubscribe headers, so nobody on the way can add or change them", async () => {
    const received = await sendSigned();
    const verified = await dkimVerify(received.raw, { resolver: dnsWith(keys.publicKey) });
    // mailauth reports the signature's h= tag as `signingHeaders.keys` (missing from its types).
    const { signingHeaders } = verified.results[0] as unknown as {
      signingHeaders: { keys: string };
    };
    const signed = signingHeaders.keys
      .toLowerCase()
      .split(":")
      .map((name) => name.trim());
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));
    const tampered = received.raw.replace(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      "List-Unsubscribe-Post: List-Unsubscribe=Other",
    );
    expect(tampered).not.toBe(received.raw);
    const changed = await dkimVerify(tampered, { resolver: dnsWith(keys.publicKey) });
    expect(changed.results[0]!.status.result).not.toBe("pass");
  });

  it("signs a body encoded once for many readers with this reader's value filled in", async () => {
    const token = "YnJvYWRjYXN0.5H-0HoTHpqIZOut9S_WBpnKBIr5ALBkaQ6RxzSNvwNA";
    const shared = {
      text: `Your subscription is confirmed. ${"Word ".repeat(20)}https://presence.example/u/TOKEN`,
      html: `<p>Your subscription is confirmed.</p><a href="https://presence.example/u/TOKEN">x</a>`,
      placeholder: "TOKEN",
    };
    const received = await sendSigned({
      text: shared.text.replace("TOKEN", token),
      html: shared.html.replace("TOKEN", token),
      sharedBody: { ...shared, value: token },
    });
    expect(received.raw.replaceAll("=\r\n", "")).toContain(`u/${token}`);
    const verified = await dkimVerify(received.raw, { resolver: dnsWith(keys.publicKey) });
    expect(verified.results[0]!.status.result).toBe("pass");
  });

  it("does not verify once the message is changed, nor against another key", async () => {
    const received = await sendSigned();
    const tampered = received.raw.replace("Your subscription is confirmed.", "Send money.");
    const changed = await dkimVerify(tampered, { resolver: dnsWith(keys.publicKey) });
    // mailauth calls a body that no longer matches the signed hash "neutral", never "pass".
    expect(changed.results[0]!.status).toMatchObject({
      result: "neutral",
      comment: "body hash did not verify",
    });
    const otherKey = await dkimVerify(received.raw, { resolver: dnsWith(rsaKeys().publicKey) });
    expect(otherKey.results[0]!.status.result).toBe("fail");
  });
});
