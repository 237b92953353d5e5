import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Conflicting utilities are not merged (tailwind-merge costs 8 KB of first-load
 * JavaScript): to override a variant's utility, mark the override important, e.g. `px-0!`.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
