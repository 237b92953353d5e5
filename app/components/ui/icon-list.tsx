import { Check, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

type IconListProps = Omit<ComponentProps<"ul">, "children"> & {
  items: readonly string[];
  /** The mark before each item; a check unless the list says otherwise. */
  icon?: LucideIcon;
  /** Small text lines the icon up with a 20 px line, base text with a 24 px one. */
  size?: "sm" | "base";
  /** Extra classes for each item, for lists whose items are tiles. */
  itemClassName?: string;
};

/** A list of short statements, each after an accent icon: benefits, features, practices. */
export function IconList({
  items,
  icon: Icon = Check,
  size = "base",
  className = "flex flex-col gap-2",
  itemClassName,
  ...props
}: IconListProps) {
  return (
    <ul className={cn(className, size === "sm" && "text-sm")} {...props}>
      {items.map((item) => (
        <li key={item} className={cn("flex gap-2", itemClassName)}>
          <Icon
            aria-hidden="true"
            className={cn("size-4 shrink-0 text-accent", size === "sm" ? "mt-0.5" : "mt-1")}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
