// The mail engine's public face: capabilities queue emails here (templates are imported from
// `mail/templates/`); the worker and transport belong to the server's wiring.
export { enqueueEmail, requeueFailedEmails } from "./outbox";
export type { BroadcastCompletion } from "./outbox-worker";
export { deleteEmailsMentioning, removeMailFiles } from "./outbox-erasure";
