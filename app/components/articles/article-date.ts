const articleDateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeZone: "UTC",
});

/** "November 18, 2026" for an ISO date; the same on the server and in every browser. */
export function formatArticleDate(isoDate: string) {
  return articleDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
