import type { ImageUploadStage } from "~/components/admin/use-image-upload";

/**
 * An upload's progress as the owner sees it (decision 309): a bar while the bytes go, a moving
 * bar while the server makes the image's sizes, then what was kept. Read out as it changes.
 */
export function ImageUploadProgress({
  id,
  progress,
}: {
  id: string;
  progress: ImageUploadStage | null;
}) {
  return (
    <div aria-live="polite" className="grid gap-1 text-sm" data-testid={id}>
      {progress?.stage === "sending" && (
        <>
          <span id={`${id}-label`}>Uploading… {Math.round(progress.sent * 100)}%</span>
          <progress
            aria-labelledby={`${id}-label`}
            max={1}
            value={progress.sent}
            className="h-2 w-64 max-w-full"
          />
        </>
      )}
      {progress?.stage === "processing" && (
        <>
          <span id={`${id}-label`}>Processing… making the sizes the site serves.</span>
          <progress aria-labelledby={`${id}-label`} className="h-2 w-64 max-w-full" />
        </>
      )}
      {progress?.stage === "done" && (
        <span>
          Uploaded: {progress.width} × {progress.height} pixels.
        </span>
      )}
    </div>
  );
}

/** The upload button's words: what is happening while an upload is under way, else `idle`. */
export function uploadButtonLabel(progress: ImageUploadStage | null, idle: string) {
  if (progress?.stage === "sending") return "Uploading…";
  if (progress?.stage === "processing") return "Processing…";
  return idle;
}
