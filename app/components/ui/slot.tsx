import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from "react";
import { cn } from "~/lib/class-names";

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };
type ChildProps = SlotProps & Record<string, unknown>;

/**
 * Renders its only child with the slot's props merged in (classes joined, event handlers both
 * called, child first). A small stand-in for Radix's Slot, which costs a kilobyte on every page.
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement<ChildProps>(children)) return null;
  const childProps = children.props;
  const merged: ChildProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (
      /^on[A-Z]/.test(name) &&
      typeof slotValue === "function" &&
      typeof childValue === "function"
    ) {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    }
  }
  merged.className = cn(slotProps.className, childProps.className as string | undefined);
  return cloneElement(children, merged);
}
