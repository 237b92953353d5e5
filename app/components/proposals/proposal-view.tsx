import { centsLabel, type ProposalDocument } from "~/lib/proposal-schema";

/** The proposal as the client reads it on its page; the PDF says the same. */
export function ProposalView({
  proposal,
  pdfHref,
}: {
  proposal: ProposalDocument;
  pdfHref: string;
}) {
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-4xl font-semibold text-primary">Proposal</h1>
        <p className="text-muted-foreground">
          {`${proposal.from} for ${proposal.dealTitle}. Version ${proposal.version}, valid until ${proposal.validUntil}.`}
        </p>
        <p>
          <a href={pdfHref} className="underline underline-offset-4" download>
            Download the PDF
          </a>
        </p>
      </header>
      <section aria-labelledby="program-heading" className="space-y-2">
        <h2 id="program-heading" className="text-2xl font-semibold">
          The program
        </h2>
        <p className="wrap-anywhere">{proposal.program}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="text-muted-foreground">Team size</dt>
          <dd>{proposal.teamSize}</dd>
          <dt className="text-muted-foreground">Dates</dt>
          <dd>{proposal.dates}</dd>
        </dl>
      </section>
      <section aria-labelledby="price-heading" className="space-y-2">
        <h2 id="price-heading" className="text-2xl font-semibold">
          Price
        </h2>
        <table className="w-full text-left">
          <caption className="sr-only">Price lines and total</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {proposal.lines.map((line, index) => (
              <tr key={index} className="border-b">
                <td className="py-2 pr-4 wrap-anywhere">{line.label}</td>
                <td className="py-2 text-right whitespace-nowrap">
                  {centsLabel(line.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4">
                Total
              </th>
              <td className="py-2 text-right whitespace-nowrap">
                {centsLabel(proposal.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        {proposal.depositCents !== null && (
          <p className="text-muted-foreground">{`Deposit on acceptance: ${centsLabel(proposal.depositCents)}`}</p>
        )}
      </section>
      <section aria-labelledby="terms-heading" className="space-y-2">
        <h2 id="terms-heading" className="text-2xl font-semibold">
          Terms
        </h2>
        <p className="wrap-anywhere whitespace-pre-wrap">{proposal.terms}</p>
      </section>
    </article>
  );
}
