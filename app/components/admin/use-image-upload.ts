import { useState } from "react";
import { useAdminSession } from "~/components/admin/admin-session";

export type UploadedImageAnswer = { src: string; width: number; height: number; alt: string };

/**
 * Sends one image to the console's upload route (decision 230): the CSRF field first, then the
 * alt text, then the file, as the route reads them. Says what went wrong in the server's words.
 */
export function useImageUpload() {
  const { csrfToken } = useAdminSession();
  const [uploading, setUploading] = useState(false);
  /** The file chosen in `input`, described by `alt`; the input is emptied once it is kept. */
  async function upload(
    input: HTMLInputElement | null,
    alt: string,
    altMissing: string,
  ): Promise<{ image: UploadedImageAnswer } | { error: string }> {
    const file = input?.files?.[0];
    if (!file) return { error: "Choose an image file to upload." };
    if (!alt.trim()) return { error: altMissing };
    const form = new FormData();
    form.set("csrf", csrfToken);
    form.set("alt", alt.trim());
    form.set("file", file);
    setUploading(true);
    try {
      const response = await fetch("/admin/content/images", { method: "POST", body: form });
      const answer = (await response.json().catch(() => ({}))) as Partial<UploadedImageAnswer> & {
        error?: string;
      };
      if (!response.ok || !answer.src)
        return { error: answer.error ?? `The upload failed (${response.status}).` };
      input!.value = "";
      return { image: answer as UploadedImageAnswer };
    } catch {
      return { error: "The upload did not reach the site: check the connection and try again." };
    } finally {
      setUploading(false);
    }
  }
  return { upload, uploading };
}
