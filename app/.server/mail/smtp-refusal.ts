/**
 * Whether a send failed because the receiving server refused the address for good: a 5xx reply
 * to RCPT TO (nodemailer's `responseCode` and `command`). Other 5xx (a refused sender, a full
 * disk said permanently) are not the reader's fault and do not mark them.
 */
export function isPermanentRefusal(cause: unknown) {
  const { responseCode, command } = (cause ?? {}) as { responseCode?: number; command?: string };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    /RCPT/i.test(command ?? "")
  );
}
