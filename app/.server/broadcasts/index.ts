// The broadcasts' public face: what the wiring and other capabilities may use of letters to lists.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { broadcastAttentionTemplate } from "./emails/broadcast-attention";
import { broadcastTestTemplate } from "./emails/broadcast-email";

export { broadcastOutboxHooks } from "./broadcast-outbox-hooks";
export { registerAudienceGroup, type AudienceGroup } from "./audience-groups";
/** A letter in Markdown drawn as broadcasts draw it (the email sequences' steps use it too). */
export { broadcastEmail as letterEmail } from "./emails/broadcast-email";
export { parseLetterMarkdown } from "./letter-markdown";
export { startBroadcastQueue, type BroadcastQueueRunner } from "./broadcast-queue-runner";

/** The broadcasts' own emails (the owner's test copy and notices), registered by the wiring. */
export const broadcastEmailTemplates = [
  broadcastAttentionTemplate,
  broadcastTestTemplate,
] as DefinedEmailTemplate[];
