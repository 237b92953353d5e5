import { articleImageSizes, pictureSources, uploadedImageOf } from "~/lib/uploaded-image";

/**
 * An article's cover, above the fold: fetched first. An upload is a `<picture>` of its variants
 * with its width and height (decision 230); an address from elsewhere is drawn as it is.
 */
export function ArticleCover({ src, alt }: { src: string; alt: string }) {
  const className = "mt-10 h-auto w-full rounded-2xl";
  const uploaded = uploadedImageOf(src);
  if (!uploaded)
    return <img src={src} alt={alt} className={className} data-testid="article-cover" />;
  const sources = pictureSources(uploaded);
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={articleImageSizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={articleImageSizes} />
      <img
        src={src}
        srcSet={sources.fallback}
        sizes={articleImageSizes}
        alt={alt}
        width={uploaded.width}
        height={uploaded.height}
        fetchPriority="high"
        className={className}
        data-testid="article-cover"
      />
    </picture>
  );
}
