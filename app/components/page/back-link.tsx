import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

/** A button-styled link back to the page the visitor came from (the parent page of the spec). */
export function BackLink({
  to,
  label,
  variant = "ghost",
  className,
}: {
  to: string;
  label: string;
  variant?: ButtonProps["variant"];
  className?: string;
}) {
  return (
    <Button asChild variant={variant} className={className}>
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
