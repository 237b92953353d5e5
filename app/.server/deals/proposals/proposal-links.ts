import type { ServiceDeps } from "../../core/service-deps";
import { signLink, verifyLink } from "../../core/signed-links";

type LinkDeps = Pick<ServiceDeps, "config" | "clock">;

/**
 * The client's link to one version. It never expires by itself: the version decides (its
 * validity date, a later version sent, an acceptance).
 */
export function proposalUrl({ config }: Pick<ServiceDeps, "config">, proposalId: string) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "deal-proposal", proposalId, null);
  return `${config.SITE_URL}/proposals/${token}`;
}

export function proposalIdFromToken({ config, clock }: LinkDeps, token: string) {
  const verified = verifyLink(config.NEWSLETTER_LINK_SECRET, "deal-proposal", token, clock.now());
  return verified.ok ? verified.subject : undefined;
}
