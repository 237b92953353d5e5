import { Menu, X } from "lucide-react";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { navigation } from "~/content/navigation";
import { cn } from "~/lib/class-names";
import { Logo } from "./logo";

/**
 * The fixed top navigation with its collapsible mobile menu. The menu is the island's
 * (`islands/site-islands.ts`): it sets `aria-expanded` and `hidden`, which React renders once and
 * leaves alone; the icon and the button's name follow `aria-expanded` in CSS.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const menuId = useId();

  return (
    // The open menu is opaque: blurring the page under it would only cost the tap its frame.
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur has-[[data-menu-toggle][aria-expanded=true]]:bg-background has-[[data-menu-toggle][aria-expanded=true]]:backdrop-blur-none supports-[backdrop-filter]:bg-background/75">
      <nav
        aria-label="Main"
        className="container-page flex h-16 items-center justify-between gap-4"
      >
        <Link to="/landingpage" className="rounded-md" aria-label="Presence Selling — the book">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {navigation.map((item) => {
            const active = pathname === item.href;
            return (
              <li key={item.href}>
                <Link
                  to={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                    active && "bg-secondary text-secondary-foreground",
                  )}
                >
                  {item.name}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="flex items-center gap-2">
          <Button asChild size="sm" variant="zen" className="hidden sm:inline-flex">
            <Link to="/buy-now">Get Started</Link>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="group lg:hidden"
            aria-expanded="false"
            aria-controls={menuId}
            data-menu-toggle
          >
            <Menu aria-hidden="true" className="group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden group-aria-expanded:block" />
            <span className="sr-only group-aria-expanded:hidden">Open menu</span>
            <span className="sr-only hidden group-aria-expanded:inline">Close menu</span>
          </Button>
        </div>
      </nav>
      <div
        id={menuId}
        hidden
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border/70 bg-background lg:hidden"
      >
        <ul className="container-page flex flex-col gap-1 py-3">
          {navigation.map((item) => {
            const active = pathname === item.href;
            return (
              <li key={item.href}>
                <Link
                  to={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2.5 hover:bg-muted",
                    active && "bg-secondary text-secondary-foreground",
                  )}
                >
                  <span className="block font-medium">{item.name}</span>
                  <span className="block text-sm text-muted-foreground">{item.description}</span>
                </Link>
              </li>
            );
          })}
          <li className="pt-2 sm:hidden">
            <Button asChild variant="zen" className="w-full">
              <Link to="/buy-now">Get Started</Link>
            </Button>
          </li>
        </ul>
      </div>
    </header>
  );
}
