import { AdminTime } from "./admin-time";

const listNames = { newsletter: "Newsletter", waitlist: "Waitlist" } as const;

export type ArticleSendList = keyof typeof listNames;

/**
 * The lists a publish also emails the article to, each with the readers it reaches now. A list
 * the article was already sent to is shown as sent and cannot be chosen again.
 */
export function ArticleSendChoice({
  counts,
  sent,
  onReadersChange,
}: {
  counts: { list: ArticleSendList; readers: number }[];
  sent: { list: string; sentAt: string }[];
  onReadersChange: (readers: number) => void;
}) {
  return (
    <fieldset className="grid gap-2 rounded-md border p-3" data-testid="article-send-choice">
      <legend className="px-1 text-sm font-medium">Email it when you publish</legend>
      {counts.map(({ list, readers }) => {
        const sentAs = sent.find((broadcast) => broadcast.list === list);
        const id = `send-${list}`;
        return (
          <div key={list} className="flex items-center gap-2 text-sm">
            <input
              // Drawn afresh once sent: a box ticked before the publish is not left ticked.
              key={sentAs ? "sent" : "open"}
              type="checkbox"
              id={id}
              name="sendTo"
              value={list}
              data-readers={readers}
              disabled={Boolean(sentAs) || readers === 0}
              className="size-4"
              onChange={(event) => {
                const chosen = event.currentTarget.form?.querySelectorAll<HTMLInputElement>(
                  'input[name="sendTo"]:checked',
                );
                onReadersChange(
                  [...(chosen ?? [])].reduce((sum, box) => sum + Number(box.dataset.readers), 0),
                );
              }}
            />
            <label htmlFor={id}>
              {listNames[list]}: {readers} reader{readers === 1 ? "" : "s"}
              {sentAs && (
                <>
                  {" "}
                  (sent <AdminTime iso={sentAs.sentAt} />)
                </>
              )}
            </label>
          </div>
        );
      })}
      <p className="text-xs text-muted-foreground">
        Sent once, with Publish (not with Schedule): the letter is the excerpt and a button to the
        article, and the newsletter&apos;s copy joins the archive. A reader on both lists gets one
        copy from each.
      </p>
    </fieldset>
  );
}
