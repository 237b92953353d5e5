import { useRouteLoaderData } from "react-router";

/** What the `/admin` layout's loader hands every console page. */
export type AdminLayoutData = {
  email: string;
  csrfToken: string;
  newMessages: number;
  failedEmails: number;
  /** Emails that may not have gone out (any kind), waiting for the owner's "Send again". */
  uncertainEmails: number;
  /** Broadcasts paused now: every console page says so, with a link, while it lasts. */
  pausedBroadcasts: PausedBroadcastNotice[];
};

export type PausedBroadcastNotice = {
  id: string;
  subject: string;
  pausedAt: string | null;
  cause: "block" | "burst" | "temporary" | "complaints";
  refusalCode: string | null;
};

export function useAdminSession(): AdminLayoutData {
  const data = useRouteLoaderData<AdminLayoutData>("routes/admin");
  if (!data) throw new Error("useAdminSession is for pages inside the /admin layout.");
  return data;
}
