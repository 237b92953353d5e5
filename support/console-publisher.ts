import type { AppLoadContext } from "react-router";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import type { AppConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";
import { systemClock } from "~/.server/core/clock";
import { consoleArticle, createArticle } from "~/.server/publishing";

/**
 * The owner publishing through the console's own HTTP action (the article editor's form post,
 * session cookie, Origin and CSRF token), against a built server. The session is started in the
 * database as the emailed link would start it; the server must list `email` in ADMIN_EMAILS.
 */
export async function consolePublisher(db: Db, { email }: { email: string }) {
  const config = { ADMIN_SESSION_MAX_HOURS: 12, SITE_URL: "http://127.0.0.1" } as AppConfig;
  const session = await createAdminSession(db, { email, now: new Date(), config });
  const { csrf_token: csrf } = await db
    .selectFrom("admin_sessions")
    .select("csrf_token")
    .where("id", "=", session.id)
    .executeTakeFirstOrThrow();
  const cookie = (await sessionCookieHeader({ config } as AppLoadContext, session.token)).split(
    ";",
  )[0]!;

  /**
   * Posts the editor's form with `intent` (publish, unpublish): the action's status and page. The
   * form carries the revision it was loaded from, as the editor's does (a stale one is refused).
   */
  async function post(baseURL: string, id: string, fields: [string, string][]) {
    const loaded = await consoleArticle(db, id);
    const response = await fetch(`${baseURL}/admin/content/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: baseURL,
        Cookie: cookie,
      },
      body: new URLSearchParams([
        ["csrf", csrf],
        ["baseRevision", String(loaded?.draftRevision ?? "")],
        ...fields,
      ]),
    });
    return { status: response.status, html: await response.text() };
  }

  return {
    /** The session's cookie, for a GET of a console page. */
    cookie,
    /** The session's form token, for a post to another console page. */
    csrf,
    /** A new article's id, created as the console's "New article" button creates it. */
    newArticle: async () => (await createArticle({ db, clock: systemClock }, { actor: email })).id,
    /**
     * Saves the fields and publishes them in one post, as the Publish button does (`intent`
     * schedule with `publishAt`; `sendTo`, the lists ticked to email it to).
     */
    publish: (
      baseURL: string,
      id: string,
      { slug, title }: { slug: string; title: string },
      {
        intent = "publish",
        sendTo = [],
        publishAt = "",
      }: { intent?: string; sendTo?: string[]; publishAt?: string } = {},
    ) =>
      post(baseURL, id, [
        ["intent", intent],
        ["publishAt", publishAt],
        ...sendTo.map((list): [string, string] => ["sendTo", list]),
        ...Object.entries({
          slug,
          title,
          excerpt: `What ${title} is about.`,
          category: "Practice",
          coverImage: "",
          coverAlt: "",
          seoTitle: "",
          seoDescription: "",
          keywords: "",
          body: JSON.stringify({
            type: "doc",
            content: [
              { type: "paragraph", content: [{ type: "text", text: `${title}, in full.` }] },
            ],
          }),
        }),
      ]),
    unpublish: (baseURL: string, id: string) => post(baseURL, id, [["intent", "unpublish"]]),
  };
}
