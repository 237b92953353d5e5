import { Star } from "lucide-react";
import { cn } from "~/lib/class-names";

/** Five stars, filled up to `rating`, read out as "Rated N out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className={cn("inline-flex gap-0.5 text-gold", className)}
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn("size-4", star <= Math.round(rating) ? "fill-current" : "opacity-40")}
        />
      ))}
    </span>
  );
}
