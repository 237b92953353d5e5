import { Share2 } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";

type ShareArticleButtonProps = {
  label: string;
  title: string;
  summary: string;
  /** The page's canonical URL: used until the browser knows the page's own address. */
  canonicalUrl: string;
};

const noSubscription = () => () => {};

/** The mail-client link the spec's Share button opens: subject = title; body = title, summary, URL. */
export function shareMailtoHref(title: string, summary: string, pageUrl: string) {
  const body = `${title}\n\n${summary}\n\nRead the article: ${pageUrl}`;
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}

export function ShareArticleButton({
  label,
  title,
  summary,
  canonicalUrl,
}: ShareArticleButtonProps) {
  const pageUrl = useSyncExternalStore(
    noSubscription,
    () => window.location.href,
    () => canonicalUrl,
  );
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={shareMailtoHref(title, summary, pageUrl)}
        data-share-url={canonicalUrl}
        data-testid="share-article"
      >
        <Share2 aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
