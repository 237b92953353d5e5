import Database from "better-sqlite3";
import type { BuiltServer } from "../../support/built-server";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import type { StripeFake } from "../../support/stripe-fake";
import { test } from "./test";

export type SalesOpenSite = {
  readonly server: BuiltServer;
  readonly fake: StripeFake;
  /** The order's status as this server's database holds it. */
  orderStatus(sessionId: string): string | undefined;
};

/**
 * A built server of the calling group's own, sales open, selling through a Stripe fake on a
 * fresh SQLite file, with `env` added to its settings: started before the group's first test and
 * stopped after its last. The shared e2e server keeps sales closed, as the site ships.
 */
export function salesOpenSite(env: Record<string, string> = {}): SalesOpenSite {
  let site: SiteWithStripeFake;

  test.beforeAll(async () => {
    // Browser tests fill forms faster than people; the fill-time trap is tested over HTTP, and
    // by the groups that pass their own minimum here.
    site = await startSiteWithStripeFake("sqlite", {
      env: { CONTACT_MIN_FILL_SECONDS: "0", ...env },
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  return {
    get server() {
      return site.server;
    },
    get fake() {
      return site.fake;
    },
    orderStatus(sessionId) {
      const db = new Database(site.database.url.replace(/^file:/, ""), { readonly: true });
      try {
        const row = db
          .prepare("SELECT status FROM orders WHERE stripe_session_id = ?")
          .get(sessionId);
        return (row as { status: string } | undefined)?.status;
      } finally {
        db.close();
      }
    },
  };
}
