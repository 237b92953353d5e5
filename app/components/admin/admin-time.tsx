/** A stored ISO timestamp shown in UTC, the same on the server and after hydration. */
export function AdminTime({ iso }: { iso: string }) {
  const text = new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return <time dateTime={iso}>{text} UTC</time>;
}
