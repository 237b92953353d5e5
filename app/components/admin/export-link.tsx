import { buttonVariants } from "~/components/ui/button";

/** Downloads the list as it is filtered now, as CSV. */
export function ExportLink({
  kind,
  search,
  label,
}: {
  kind: "people" | "messages" | "orders" | "audit" | "deals";
  search: string;
  label: string;
}) {
  return (
    <p>
      <a
        href={`/admin/export/${kind}${search ? `?${search}` : ""}`}
        className={buttonVariants({ variant: "outline" })}
        download
      >
        {label}
      </a>
    </p>
  );
}
