import { useRef, useState } from "react";
import { ImageUploadProgress, uploadButtonLabel } from "~/components/admin/image-upload-progress";
import { useImageUpload } from "~/components/admin/use-image-upload";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The article's cover: an image uploaded here (its alt text asked first) or kept as it was. The
 * address and the alt text travel with the article form; `onChange` lets the form autosave.
 */
export function CoverImageField({
  src: initialSrc,
  alt: initialAlt,
  errors,
  maxMegabytes,
  onChange,
}: {
  src: string;
  alt: string;
  errors: { coverImage?: string; coverAlt?: string };
  maxMegabytes: number;
  onChange: () => void;
}) {
  const [src, setSrc] = useState(initialSrc);
  const [alt, setAlt] = useState(initialAlt);
  const [problem, setProblem] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const { upload, progress, uploading } = useImageUpload(maxMegabytes);
  const altProblem = problem || errors.coverAlt;

  return (
    <fieldset className="grid gap-3 rounded-md border p-4" data-testid="cover-image">
      <legend className="px-1 text-sm font-medium">Cover image</legend>
      <input type="hidden" name="coverImage" value={src} />
      {src ? (
        <img src={src} alt="" className="max-h-48 w-auto rounded-md border object-contain" />
      ) : (
        <p className="text-sm text-muted-foreground">No cover image.</p>
      )}
      {errors.coverImage && <p className="text-sm text-destructive">{errors.coverImage}</p>}
      <div className="grid gap-1.5">
        <Label htmlFor="coverAlt">Cover image description (alt text)</Label>
        <Input
          id="coverAlt"
          name="coverAlt"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          aria-invalid={altProblem ? true : undefined}
          aria-describedby={altProblem ? "coverAlt-error" : undefined}
        />
        {altProblem && (
          <p id="coverAlt-error" role="alert" className="text-sm text-destructive">
            {altProblem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="cover-file">
            Cover image file (JPEG, PNG or WebP, up to {maxMegabytes} MB)
          </Label>
          <Input
            ref={fileInput}
            id="cover-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="w-64"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={uploading}
          onClick={async () => {
            setProblem("");
            const uploaded = await upload(
              fileInput.current,
              alt,
              "Describe the cover image for readers who cannot see it.",
            );
            if ("error" in uploaded) return setProblem(uploaded.error);
            setSrc(uploaded.image.src);
            onChange();
          }}
        >
          {uploadButtonLabel(progress, "Upload cover")}
        </Button>
        {src && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setSrc("");
              setAlt("");
              onChange();
            }}
          >
            Remove cover
          </Button>
        )}
      </div>
      <ImageUploadProgress id="cover-progress" progress={progress} />
    </fieldset>
  );
}
