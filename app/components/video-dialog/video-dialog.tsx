import { lazy, Suspense, useState, type ReactElement } from "react";
import { Slot } from "~/components/ui/slot";

export type VideoDialogProps = {
  videoId: string;
  title: string;
  /** The element that opens the dialog, usually a button. */
  trigger: ReactElement;
  className?: string;
};

// The dialog and its frame are fetched on first click: nothing third-party loads with the page.
const VideoDialogContent = lazy(() => import("./video-dialog-content"));

/** Plays a third-party video in a dialog; the frame is only created once the dialog is open. */
export function VideoDialog({ videoId, title, trigger, className }: VideoDialogProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <>
      <Slot
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot>
      {requested && (
        <Suspense fallback={null}>
          <VideoDialogContent
            videoId={videoId}
            title={title}
            open={open}
            onOpenChange={setOpen}
            className={className}
          />
        </Suspense>
      )}
    </>
  );
}
