import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { navigation } from "~/content/navigation";
import { cn } from "~/lib/class-names";
import { Logo } from "./logo";

/** The fixed top navigation with its collapsible mobile menu. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
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
            ref={toggleRef}
            type="button"
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          </Button>
        </div>
      </nav>
      <div
        id={menuId}
        hidden={!menuOpen}
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
                  onClick={() => setMenuOpen(false)}
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
              <Link to="/buy-now" onClick={() => setMenuOpen(false)}>
                Get Started
              </Link>
            </Button>
          </li>
        </ul>
      </div>
    </header>
  );
}
