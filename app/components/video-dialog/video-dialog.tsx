import { useId, type ReactElement } from "react";
import { NativeDialog } from "~/components/ui/native-dialog";
import { Slot } from "~/components/ui/slot";
import { cn } from "~/lib/class-names";

export type VideoDialogProps = {
  videoId: string;
  title: string;
  /** The element that opens the dialog, usually a button. */
  trigger: ReactElement;
  className?: string;
};

/**
 * Plays a third-party video in a dialog. The island (decision 077) creates the frame when the
 * dialog opens, marks it loaded and sends `video_play` when it loads, and removes it on close:
 * nothing third-party loads with the page.
 */
export function VideoDialog({ videoId, title, trigger, className }: VideoDialogProps) {
  const id = useId();
  return (
    <>
      <Slot data-dialog-trigger aria-haspopup="dialog" aria-expanded="false" aria-controls={id}>
        {trigger}
      </Slot>
      <NativeDialog
        id={id}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        data-testid="video-dialog"
        data-loaded="false"
        data-video-id={videoId}
        data-video-title={title}
        className={cn("h-[80vh] w-[95vw]! max-w-4xl! grid-rows-[auto_1fr] sm:p-5!", className)}
      >
        <h2 id={`${id}-title`} className="pr-8 text-lg font-semibold">
          {title}
        </h2>
        <p id={`${id}-description`} className="sr-only">
          Video player: {title}
        </p>
        <div data-video-frame className="relative min-h-0 overflow-hidden rounded-md bg-foreground">
          <p
            className="absolute inset-0 grid place-items-center text-sm text-primary-foreground/80 in-data-[loaded=true]:hidden"
            role="status"
          >
            Loading video…
          </p>
        </div>
      </NativeDialog>
    </>
  );
}
