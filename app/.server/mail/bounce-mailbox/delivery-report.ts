import { createHash } from "node:crypto";
import { outboxIdFromReturnPath } from "./return-path";

/** What one delivery report says of one email: a failed delivery or a reader's complaint. */
export type DeliveryReport = {
  /** Unique per report and recipient: a second reading of the same report repeats it. */
  reportId: string;
  kind: "bounce" | "complaint";
  /** 5.x.x is a hard bounce, 4.x.x (given up after retries) a soft one. */
  bounce?: "hard" | "soft";
  /** The address that bounced or complained, when the report names it (complaints often don't). */
  recipient?: string;
  /** The outbox email the report is about, from its return path or its quoted Message-ID. */
  outboxId?: string;
  detail: string;
  occurredAt: Date;
};

type Fields = Map<string, string>;

/**
 * The header-style field blocks of a `message/delivery-status` or `message/feedback-report` part
 * (RFC 3464 section 2.1, RFC 5965 section 3.1): blank-line separated, folded lines joined, names
 * lower-cased.
 */
function fieldBlocks(text: string): Fields[] {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split(/\n\s*\n/)
    .map((block) => {
      const fields: Fields = new Map();
      for (const line of block.split("\n")) {
        const field = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
        if (field) fields.set(field[1]!.toLowerCase(), field[2]!.trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; someone@example.com` → `someone@example.com`. */
function typedAddress(value: string | undefined) {
  const address = value
    ?.replace(/^[^;]*;\s*/, "")
    .trim()
    .replace(/^<|>$/g, "");
  return address && address.includes("@") ? address : undefined;
}

function dateOf(...values: (string | Date | undefined)[]) {
  for (const value of values) {
    const date = value === undefined ? undefined : new Date(value);
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}

const outboxMessageId = /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i;

/**
 * The delivery reports in one mailed message: each failed recipient of a DSN (RFC 3464) and the
 * complaint of an abuse report (ARF, RFC 5965). Anything else (an auto-reply, a "delayed"
 * warning, spam) reads as none. Each is tied to its email by the return path it was mailed to
 * (`bounceAddress`'s VERP form), or else by the original's Message-ID quoted in the report.
 */
export async function readDeliveryReports(
  raw: Buffer,
  { bounceAddress, now }: { bounceAddress?: string; now: Date },
): Promise<DeliveryReport[]> {
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const partText = (type: string) =>
    parsed.attachments.find((part) => part.contentType === type)?.content.toString("utf8");
  const status = partText("message/delivery-status");
  const feedback = partText("message/feedback-report");
  if (!status && !feedback) return [];

  const original = parsed.attachments.find(
    (part) => part.contentType === "message/rfc822" || part.contentType === "text/rfc822-headers",
  );
  const quotedId = original
    ? (await simpleParser(original.content, { skipHtmlToText: true, skipTextToHtml: true }))
        .messageId
    : undefined;
  const reportKey = parsed.messageId ?? createHash("sha256").update(raw).digest("hex").slice(0, 32);

  const returnPaths = (extra: (string | undefined)[]) => [
    ...extra,
    ...["delivered-to", "x-original-to"].map((name) => String(parsed.headers.get(name) ?? "")),
    ...[parsed.to]
      .flat()
      .flatMap((to) => to?.value ?? [])
      .map((address) => address.address),
  ];
  const outboxIdFrom = (extra: (string | undefined)[]) => {
    if (bounceAddress) {
      for (const address of returnPaths(extra)) {
        const id = address && outboxIdFromReturnPath(bounceAddress, address);
        if (id) return id;
      }
    }
    return quotedId ? outboxMessageId.exec(quotedId)?.[1]?.toLowerCase() : undefined;
  };

  if (feedback) {
    const [fields] = fieldBlocks(feedback);
    if (fields?.get("feedback-type")?.toLowerCase() !== "abuse") return [];
    return [
      {
        reportId: `${reportKey}#complaint`,
        kind: "complaint",
        recipient: typedAddress(fields.get("original-rcpt-to")),
        outboxId: outboxIdFrom([typedAddress(fields.get("original-mail-from"))]),
        detail: `abuse report from ${fields.get("user-agent") ?? fields.get("reporting-mta") ?? "a mailbox provider"}`,
        occurredAt: dateOf(fields.get("arrival-date"), parsed.date) ?? now,
      },
    ];
  }

  const [perMessage, ...perRecipient] = fieldBlocks(status!);
  const sender = typedAddress(perMessage?.get("x-postfix-sender"));
  return perRecipient.flatMap((fields, index): DeliveryReport[] => {
    const code = /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get("status") ?? "")?.[1];
    if (fields.get("action")?.toLowerCase() !== "failed" || (code !== "5" && code !== "4")) {
      return [];
    }
    const recipient = typedAddress(
      fields.get("final-recipient") ?? fields.get("original-recipient"),
    );
    return [
      {
        reportId: `${reportKey}#${index}`,
        kind: "bounce",
        bounce: code === "5" ? "hard" : "soft",
        recipient,
        outboxId: outboxIdFrom([sender]),
        detail: (fields.get("diagnostic-code") ?? fields.get("status") ?? "").slice(0, 500),
        occurredAt:
          dateOf(fields.get("last-attempt-date"), perMessage?.get("arrival-date"), parsed.date) ??
          now,
      },
    ];
  });
}
