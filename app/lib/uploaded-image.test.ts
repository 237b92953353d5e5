import { describe, expect, it } from "vitest";
import { renderArticleHtml } from "./article-document";
import { pictureSources, uploadedImageOf, variantWidths } from "./uploaded-image";

describe("uploaded image addresses", () => {
  it("makes each width up to the image's own, never wider", () => {
    expect(variantWidths(3000)).toEqual([480, 960, 1440]);
    expect(variantWidths(1440)).toEqual([480, 960, 1440]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it("reads an upload's size from its address, and nothing from another address", () => {
    const folder = `${"a".repeat(32)}-1200x800`;
    const image = uploadedImageOf(`/media/${folder}/1200.png`);
    expect(image).toEqual({ folder, width: 1200, height: 800, fallback: "png" });
    expect(pictureSources(image!).webp).toBe(
      `/media/${folder}/480.webp 480w, /media/${folder}/960.webp 960w, /media/${folder}/1200.webp 1200w`,
    );
    expect(uploadedImageOf(`/media/${folder}/480.png`)).toBeUndefined();
    expect(uploadedImageOf("https://images.example/photo.jpg")).toBeUndefined();
    expect(uploadedImageOf(`/media/${folder}/1200.png?x=1`)).toBeUndefined();
  });

  it("writes an upload in the body as a picture with its size, another image as it was", () => {
    const folder = `${"b".repeat(32)}-300x200`;
    const html = renderArticleHtml({
      type: "doc",
      content: [
        { type: "image", attrs: { src: `/media/${folder}/300.jpg`, alt: 'A "quoted" desk' } },
        { type: "image", attrs: { src: "https://images.example/a.jpg", alt: "Elsewhere" } },
      ],
    });
    expect(html).toBe(
      `<p><picture><source type="image/avif" srcset="/media/${folder}/300.avif 300w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)">` +
        `<source type="image/webp" srcset="/media/${folder}/300.webp 300w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)">` +
        `<img src="/media/${folder}/300.jpg" srcset="/media/${folder}/300.jpg 300w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" alt="A &quot;quoted&quot; desk" width="300" height="200" loading="lazy" decoding="async"></picture></p>\n` +
        `<p><img src="https://images.example/a.jpg" alt="Elsewhere" loading="lazy"></p>\n`,
    );
  });
});
