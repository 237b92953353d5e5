/** The autosave's outcome ("Saving…", "Saved as revision 4"), announced politely as it changes. */
export function AutosaveStatus({ status }: { status: string }) {
  return (
    <p
      aria-live="polite"
      className="min-h-5 text-sm text-muted-foreground"
      data-testid="autosave-status"
    >
      {status}
    </p>
  );
}
