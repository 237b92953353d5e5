/** What the site's own analytics counts, said in the footer of every page (issue 24). */
export const analyticsNotice =
  "Privacy: this site counts visits without cookies. It notes the page, the site or campaign " +
  "that sent you and your screen size; it never stores your IP address or browser details, and " +
  "does not count you if your browser sends Global Privacy Control.";
