/** The privacy-enhanced embed with the spec's options: autoplay on, related videos off, modest branding. */
export function videoEmbedUrl(videoId: string) {
  const params = new URLSearchParams({
    autoplay: "1",
    rel: "0",
    modestbranding: "1",
  });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`;
}
