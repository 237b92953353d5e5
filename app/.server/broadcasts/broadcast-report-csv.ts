import type { BroadcastReport } from "./broadcast-report";

export const broadcastReportColumns = [
  "section",
  "name",
  "count",
  "at",
  "until",
  "ended_by",
  "detail",
] as const;

export type BroadcastReportRow = Record<
  (typeof broadcastReportColumns)[number],
  string | number | null
>;

const figureNames: [keyof BroadcastReport, string][] = [
  ["queued", "queued"],
  ["sent", "sent"],
  ["pending", "to go"],
  ["deferred", "deferred"],
  ["held", "held"],
  ["bounced", "bounced"],
  ["failed", "failed"],
  ["uncertain", "may not have gone out"],
  ["skipped", "not sent"],
  ["unsubscribedSince", "unsubscribed since"],
  ["retries", "retries"],
];

/**
 * The broadcast's report as CSV rows, the same as its page: the figures, every pause (when, why,
 * until when, ended by whom), refusals by class and code, and the emails that may not have gone out.
 */
export function broadcastReportRows(report: BroadcastReport): BroadcastReportRow[] {
  const row = (values: Partial<BroadcastReportRow>): BroadcastReportRow => ({
    section: null,
    name: null,
    count: null,
    at: null,
    until: null,
    ended_by: null,
    detail: null,
    ...values,
  });
  return [
    row({ section: "times", name: "started", at: report.startedAt, until: report.finishedAt }),
    ...figureNames.map(([key, name]) =>
      row({ section: "figure", name, count: report[key] as number }),
    ),
    ...report.pauses.map((pause) =>
      row({
        section: "pause",
        name: pause.cause,
        count: pause.probes,
        at: pause.pausedAt,
        until: pause.endedAt,
        ended_by: pause.endedBy,
        detail: [pause.refusalCode, pause.reason].filter(Boolean).join(": "),
      }),
    ),
    ...report.refusals.map((refusal) =>
      row({
        section: "refusal",
        name: refusal.refusalClass,
        count: refusal.count,
        detail: refusal.code,
      }),
    ),
    ...report.uncertainEmails.map((email) =>
      row({
        section: "may not have gone out",
        name: email.address,
        at: email.markedAt,
        detail: email.status,
      }),
    ),
  ];
}
