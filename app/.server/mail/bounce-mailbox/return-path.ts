/**
 * Per-email return paths (VERP): with `BOUNCE_ADDRESS` set, each email's envelope sender is
 * `local+<outbox id>@domain`, so a delivery report mailed back names the very email it is about,
 * whatever the reporting server quotes of it.
 */
const outboxIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parts(address: string) {
  const at = address.lastIndexOf("@");
  return at < 1 ? undefined : { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** The envelope sender for the outbox email `outboxId`. */
export function returnPathFor(bounceAddress: string, outboxId: string) {
  const { local, domain } = parts(bounceAddress)!;
  return `${local}+${outboxId}@${domain}`;
}

/** The outbox id a return path carries, when it is one of `bounceAddress`'s. */
export function outboxIdFromReturnPath(bounceAddress: string, address: string) {
  const base = parts(bounceAddress);
  const found = parts(address.trim().replace(/^<|>$/g, ""));
  if (!base || !found || found.domain.toLowerCase() !== base.domain.toLowerCase()) return undefined;
  const prefix = `${base.local}+`;
  if (!found.local.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  const id = found.local.slice(prefix.length);
  return outboxIdPattern.test(id) ? id.toLowerCase() : undefined;
}
