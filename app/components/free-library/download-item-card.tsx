import {
  ArrowRight,
  BookOpen,
  ChartColumn,
  Download,
  FileText,
  Headphones,
  Newspaper,
  NotebookPen,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card";
import type { DownloadItem, DownloadType } from "~/content/free-library";
import { DownloadButton } from "./download-button";

const typeIcons: Record<DownloadType, typeof FileText> = {
  "Book Preview": BookOpen,
  "PDF Guide": FileText,
  Infographic: ChartColumn,
  "PDF Workbook": NotebookPen,
  Audio: Headphones,
  Article: Newspaper,
};

/** One free resource: its type, length and download count, and a Download button or a link to read it. */
export function DownloadItemCard({ item }: { item: DownloadItem }) {
  const Icon = typeIcons[item.type];
  return (
    <Card className="flex h-full flex-col" data-testid="download-item">
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {item.popular && (
            <Badge className="gap-1 bg-gold! text-gold-foreground!" data-testid="popular-badge">
              <Star className="size-3 fill-current" aria-hidden="true" />
              Popular
            </Badge>
          )}
        </div>
        <CardTitle className="text-lg">{item.title}</CardTitle>
        <CardDescription className="leading-relaxed">{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div>
            <dt className="sr-only">Type</dt>
            <dd className="font-medium text-accent">{item.type}</dd>
          </div>
          <div>
            <dt className="sr-only">Length</dt>
            <dd>{item.duration}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">Downloads</dt>
            <Users className="size-3.5" aria-hidden="true" />
            <dd data-testid="download-count">{item.downloads}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        {item.link ? (
          <Button asChild variant="outline" className="w-full">
            <Link to={item.link.href} aria-label={`${item.link.label}: ${item.title}`}>
              {item.link.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : item.file ? (
          <Button asChild variant="zen" className="w-full">
            <a href={item.file.href} download={item.file.fileName}>
              <Download aria-hidden="true" />
              Download<span className="sr-only"> {item.title}</span>
            </a>
          </Button>
        ) : item.downloadKey ? (
          <DownloadButton
            downloadKey={item.downloadKey}
            itemTitle={item.title}
            className="w-full"
          />
        ) : null}
      </CardFooter>
    </Card>
  );
}
