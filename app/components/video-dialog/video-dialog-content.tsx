import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { trackVideoPlay } from "~/lib/analytics";
import { cn } from "~/lib/class-names";
import { videoEmbedUrl } from "./video-embed-url";

type VideoDialogContentProps = {
  videoId: string;
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  className?: string;
};

export default function VideoDialogContent({
  videoId,
  title,
  open,
  onOpenChange,
  className,
}: VideoDialogContentProps) {
  const [loaded, setLoaded] = useState(false);

  function changeOpen(next: boolean) {
    if (!next) setLoaded(false);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className={cn(
          "h-[80vh] w-[95vw]! max-w-4xl! grid-rows-[auto_1fr] gap-3 p-4 sm:p-5",
          className,
        )}
        data-testid="video-dialog"
        data-loaded={loaded}
      >
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription className="sr-only">Video player: {title}</DialogDescription>
        <div className="relative min-h-0 overflow-hidden rounded-md bg-foreground">
          {!loaded && (
            <p
              className="absolute inset-0 grid place-items-center text-sm text-primary-foreground/80"
              role="status"
            >
              Loading video…
            </p>
          )}
          {open && (
            <iframe
              src={videoEmbedUrl(videoId)}
              title={title}
              className="absolute inset-0 size-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              onLoad={() => {
                setLoaded(true);
                trackVideoPlay({ videoId, title });
              }}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
