import { Download, Headphones } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import type { DownloadKey } from "~/content/free-library";
import { audioDemoNotice, resolveDownload } from "~/lib/download-targets";

type DownloadButtonProps = {
  downloadKey: DownloadKey;
  /** What is downloaded, for screen readers ("Download" alone would be ambiguous in a grid). */
  itemTitle: string;
  className?: string;
};

/** The Download control for any key: a file link saved under its friendly name, or the audio demo notice. */
export function DownloadButton({ downloadKey, itemTitle, className }: DownloadButtonProps) {
  const target = resolveDownload(downloadKey);
  const dialogId = useId();
  const label = (
    <>
      <Download aria-hidden="true" />
      Download<span className="sr-only"> {itemTitle}</span>
    </>
  );

  if (target.kind === "file") {
    return (
      <Button asChild variant="zen" className={className}>
        <a href={target.href} download={target.fileName} data-download-key={downloadKey}>
          {label}
        </a>
      </Button>
    );
  }

  return (
    <>
      <Button
        type="button"
        variant="zen"
        className={className}
        data-download-key={downloadKey}
        data-dialog-trigger
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls={dialogId}
      >
        {label}
      </Button>
      <NativeDialog
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        aria-describedby={`${dialogId}-description`}
      >
        <div className="flex flex-col gap-1.5 pr-6">
          <span className="mb-1 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <Headphones className="size-5" aria-hidden="true" />
          </span>
          <h2 id={`${dialogId}-title`} className="font-serif text-xl font-semibold">
            {audioDemoNotice.title(target)}
          </h2>
          <p id={`${dialogId}-description`} className="text-sm text-muted-foreground">
            {audioDemoNotice.description}
          </p>
        </div>
        <Button type="button" variant="outline" className="justify-self-end" data-dialog-close>
          {audioDemoNotice.closeLabel}
        </Button>
      </NativeDialog>
    </>
  );
}
