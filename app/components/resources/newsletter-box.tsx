import { Mail } from "lucide-react";
import { SubscribeForm } from "~/components/subscribe-form/subscribe-form";

type NewsletterBoxProps = {
  title: string;
  lead: string;
  /** The page the box is on, stored with the subscriber. */
  source: string;
};

/** The newsletter band of the resource pages around the shared subscribe form. */
export function NewsletterBox({ title, lead, source }: NewsletterBoxProps) {
  return (
    <section aria-labelledby="newsletter-title" className="container-page py-16">
      <div className="mx-auto max-w-3xl rounded-2xl border bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-10 text-center sm:px-12">
        <Mail className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
        <h2 id="newsletter-title" className="text-2xl font-semibold text-primary sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{lead}</p>
        <SubscribeForm source={source} className="mx-auto mt-6 max-w-md text-left" />
      </div>
    </section>
  );
}
