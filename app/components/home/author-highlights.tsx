import { Briefcase, Compass, Flower2, PlayCircle, TrendingUp } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { VideoDialog } from "~/components/video-dialog/video-dialog";
import type { AuthorHighlight } from "~/content/home";

const icons = {
  briefcase: Briefcase,
  trending: TrendingUp,
  lotus: Flower2,
  compass: Compass,
};

export function AuthorHighlights({ highlights }: { highlights: AuthorHighlight[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {highlights.map((highlight) => {
        const Icon = icons[highlight.icon];
        return (
          <li key={highlight.title}>
            <Card className="h-full">
              <CardHeader className="flex-row items-start gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="flex flex-col gap-1.5">
                  <CardTitle className="text-lg">{highlight.title}</CardTitle>
                  <p className="text-sm text-muted-foreground">{highlight.description}</p>
                </div>
              </CardHeader>
              {highlight.hasVideo && highlight.videoId && (
                <CardContent className="pl-21">
                  <VideoDialog
                    videoId={highlight.videoId}
                    title={highlight.videoTitle ?? highlight.title}
                    trigger={
                      <Button type="button" variant="witness" size="sm">
                        <PlayCircle aria-hidden="true" />
                        Watch NASDAQ Closing
                      </Button>
                    }
                  />
                </CardContent>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
