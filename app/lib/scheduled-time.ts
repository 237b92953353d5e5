/** `2026-11-24T09:00` from a console form's "Publish at (UTC)" field, read as UTC (the field says so). */
export function scheduledTime(value: string | null) {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const time = new Date(`${value}:00Z`);
  return Number.isNaN(time.getTime()) ? undefined : time;
}
