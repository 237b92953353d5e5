import { Link } from "react-router";
import { navigation } from "~/content/navigation";
import { analyticsNotice } from "~/content/privacy";
import { siteConfig } from "~/lib/site";
import { useSiteSettings } from "~/lib/use-site-settings";
import { Logo } from "./logo";

export function SiteFooter() {
  const settings = useSiteSettings();
  return (
    <footer className="mt-24 border-t bg-primary text-primary-foreground">
      <div className="container-page grid gap-10 py-14 md:grid-cols-3">
        <div className="flex flex-col gap-3">
          <Logo className="[&_span.font-serif]:text-primary-foreground" />
          <p className="max-w-xs text-sm text-primary-foreground/80">{siteConfig.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide uppercase">Explore</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {navigation.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  className="text-primary-foreground/85 hover:text-primary-foreground hover:underline"
                >
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide uppercase">
            Get in touch
          </h2>
          <address className="flex flex-col gap-2 text-primary-foreground/85 not-italic">
            <span>{siteConfig.location.label}</span>
            <a href={`mailto:${settings.contactEmail}`} className="hover:underline">
              {settings.contactEmail}
            </a>
            <a
              href={`tel:${settings.contactPhone.replace(/[^+\d]/g, "")}`}
              className="whitespace-nowrap hover:underline"
            >
              {settings.contactPhone}
            </a>
          </address>
        </div>
      </div>
      <div className="border-t border-primary-foreground/15">
        <div className="container-page space-y-2 py-5 text-xs text-primary-foreground/75">
          <p className="max-w-3xl">{analyticsNotice}</p>
          <p>
            © {new Date().getFullYear()} {siteConfig.brand}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
