import { Download, Headphones } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { DownloadKey } from "~/content/free-library";
import { audioDemoNotice, resolveDownload } from "~/lib/download-targets";
import { cn } from "~/lib/class-names";

type DownloadButtonProps = {
  downloadKey: DownloadKey;
  /** What is downloaded, for screen readers ("Download" alone would be ambiguous in a grid). */
  itemTitle: string;
  className?: string;
};

/** The Download control for any key: a file link saved under its friendly name, or the audio demo notice. */
export function DownloadButton({ downloadKey, itemTitle, className }: DownloadButtonProps) {
  const target = resolveDownload(downloadKey);
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
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="zen" className={className} data-download-key={downloadKey}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <span className="mb-1 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <Headphones className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle className="font-serif text-xl">{audioDemoNotice.title(target)}</DialogTitle>
          <DialogDescription className="text-base">{audioDemoNotice.description}</DialogDescription>
        </DialogHeader>
        <DialogClose asChild>
          <Button variant="outline" className={cn("justify-self-end")}>
            {audioDemoNotice.closeLabel}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
