import { useState } from "react";
import { useAdminSession } from "~/components/admin/admin-session";
import { emptyImageMessage, imageTooLargeMessage } from "~/lib/uploaded-image";

export type UploadedImageAnswer = { src: string; width: number; height: number; alt: string };

/** Where an upload is: its bytes on their way (the share sent so far), the server at work, done. */
export type ImageUploadStage =
  | { stage: "sending"; sent: number }
  | { stage: "processing" }
  | { stage: "done"; width: number; height: number };

type UploadAnswer = Partial<UploadedImageAnswer> & { error?: string };

/**
 * Posts the form by XMLHttpRequest, the one browser API that reports an upload's progress;
 * `onSent` is called as the bytes go, and once with 1 when the last has gone.
 */
function postWithProgress(form: FormData, onSent: (share: number) => void) {
  return new Promise<{ status: number; answer: UploadAnswer }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/content/images");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onSent(event.loaded / event.total);
    });
    request.upload.addEventListener("load", () => onSent(1));
    request.addEventListener("load", () =>
      resolve({ status: request.status, answer: (request.response ?? {}) as UploadAnswer }),
    );
    request.addEventListener("error", reject);
    request.addEventListener("abort", reject);
    request.send(form);
  });
}

/**
 * Sends one image to the console's upload route (decisions 230, 309): the CSRF field first, then
 * the alt text, then the file, as the route reads them. A file past the limit is refused here,
 * before its bytes go. Says what went wrong in the server's words.
 */
export function useImageUpload(maxMegabytes: number) {
  const { csrfToken } = useAdminSession();
  const [progress, setProgress] = useState<ImageUploadStage | null>(null);
  /** The file chosen in `input`, described by `alt`; the input is emptied once it is kept. */
  async function upload(
    input: HTMLInputElement | null,
    alt: string,
    altMissing: string,
  ): Promise<{ image: UploadedImageAnswer } | { error: string }> {
    const file = input?.files?.[0];
    if (!file) return { error: "Choose an image file to upload." };
    if (file.size === 0) return { error: emptyImageMessage };
    if (!alt.trim()) return { error: altMissing };
    if (file.size > maxMegabytes * 1024 * 1024)
      return { error: imageTooLargeMessage(maxMegabytes, file.size) };
    const form = new FormData();
    form.set("csrf", csrfToken);
    form.set("alt", alt.trim());
    form.set("file", file);
    setProgress({ stage: "sending", sent: 0 });
    try {
      const { status, answer } = await postWithProgress(form, (sent) =>
        setProgress(sent < 1 ? { stage: "sending", sent } : { stage: "processing" }),
      );
      if (status !== 200 || !answer.src) {
        setProgress(null);
        return { error: answer.error ?? `The upload failed (${status}).` };
      }
      input!.value = "";
      const image = answer as UploadedImageAnswer;
      setProgress({ stage: "done", width: image.width, height: image.height });
      return { image };
    } catch {
      setProgress(null);
      return { error: "The upload did not reach the site: check the connection and try again." };
    }
  }
  const uploading = progress?.stage === "sending" || progress?.stage === "processing";
  return { upload, progress, uploading };
}
