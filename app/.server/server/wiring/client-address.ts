import type { IncomingMessage } from "node:http";

/** Express's compiled `trust proxy` setting (`app.get("trust proxy fn")`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's `request.ip` reads it, for a path answered before Express:
 * the nearest address, walking X-Forwarded-For from the right, that is not a trusted proxy.
 */
export function clientAddressOf(request: IncomingMessage, trusted: TrustProxy) {
  let address = request.socket.remoteAddress ?? "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  if (typeof forwarded !== "string" || !trusted(address, 0)) return address;
  const hops = forwarded.split(",");
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    address = hops[index]!.trim();
    if (!trusted(address, hops.length - index)) return address;
  }
  return address;
}
