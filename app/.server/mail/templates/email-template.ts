import type { ReactElement } from "react";
import type { z } from "zod";

/** A file an email carries (a booking's `.ics`, say); `content` is the file's text. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/**
 * What a caller queues instead of a rendered body: the subject (cheap, and what the console
 * lists) and which email with its data. The worker renders it when it sends (decision 087).
 */
export type TemplatedEmail = { subject: string; template: { name: string; data: unknown } };

/**
 * One email the site sends: its name in the outbox, the schema its stored data is read back with
 * (dates travel as ISO text), and how it is drawn from that data.
 */
export type EmailTemplate<Schema extends z.ZodType> = {
  name: string;
  schema: Schema;
  subject(data: z.output<Schema>): string;
  body(data: z.output<Schema>): ReactElement;
  attachments?(data: z.output<Schema>): EmailAttachment[];
};

export type DefinedEmailTemplate<Schema extends z.ZodType = z.ZodType> = EmailTemplate<Schema> & {
  /** The email to queue for `data`: nothing is rendered here. */
  compose(data: z.output<Schema>): TemplatedEmail;
};

export function defineEmailTemplate<Schema extends z.ZodType>(
  template: EmailTemplate<Schema>,
): DefinedEmailTemplate<Schema> {
  return {
    ...template,
    compose: (data) => ({
      subject: template.subject(data),
      template: { name: template.name, data },
    }),
  };
}
