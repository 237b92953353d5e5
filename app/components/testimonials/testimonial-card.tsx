import { Card, CardContent } from "~/components/ui/card";
import type { Testimonial, TrainingTestimonial } from "~/content/testimonials";
import { StarRating } from "./star-rating";

/** A quotation with its author, five-star rating and, for training clients, company and portrait. */
export function TestimonialCard({
  testimonial,
}: {
  testimonial: Testimonial | TrainingTestimonial;
}) {
  const image = "image" in testimonial ? testimonial.image : undefined;
  const company = "company" in testimonial ? testimonial.company : undefined;
  return (
    <Card className="h-full" data-testid="testimonial">
      <CardContent className="flex h-full flex-col gap-4 pt-6">
        <StarRating rating={testimonial.rating} />
        <blockquote className="flex-1 leading-relaxed text-foreground/90">
          <p>“{testimonial.content}”</p>
        </blockquote>
        <div className="flex items-center gap-3">
          {image && (
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
              className="size-12 rounded-full bg-secondary"
            />
          )}
          <p className="text-sm">
            <span className="block font-semibold text-foreground">{testimonial.name}</span>
            <span className="text-muted-foreground">
              {testimonial.title}
              {company && <>, {company}</>}
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
