import type { ComponentProps } from "react";
import type { Testimonial, TrainingTestimonial } from "~/content/testimonials";
import { TestimonialCard } from "./testimonial-card";

/** Testimonial cards as a list; the caller sets the grid. */
export function TestimonialList({
  testimonials,
  ...props
}: Omit<ComponentProps<"ul">, "children"> & {
  testimonials: readonly (Testimonial | TrainingTestimonial)[];
}) {
  return (
    <ul {...props}>
      {testimonials.map((testimonial) => (
        <li key={testimonial.name}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
