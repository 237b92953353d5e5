import { useRouteLoaderData } from "react-router";

/** What the `/admin` layout's loader hands every console page. */
export type AdminLayoutData = {
  email: string;
  csrfToken: string;
  newMessages: number;
  failedEmails: number;
};

export function useAdminSession(): AdminLayoutData {
  const data = useRouteLoaderData<AdminLayoutData>("routes/admin");
  if (!data) throw new Error("useAdminSession is for pages inside the /admin layout.");
  return data;
}
