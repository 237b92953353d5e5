import { Link } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { centsLabel, type ProposalState, type ProposalSummary } from "~/lib/proposal-schema";

const stateLabels: Record<ProposalState, string> = {
  draft: "Draft",
  sent: "Sent",
  accepted: "Accepted",
  superseded: "Superseded",
  expired: "Expired",
};

/** Where an accepted version's deposit stands: asked, a Checkout opened, or paid. */
function DepositState({ proposal }: { proposal: ProposalSummary }) {
  if (proposal.depositCents === null || proposal.state !== "accepted") return null;
  return (
    <p className="text-sm" data-testid="deposit-state">
      {proposal.depositPaidAt ? (
        <>
          {`Deposit of ${centsLabel(proposal.depositPaidCents ?? proposal.depositCents)} paid `}
          <AdminTime iso={proposal.depositPaidAt} />
          {proposal.depositRefundedCents && proposal.depositRefundedAt && (
            <>
              {`; ${centsLabel(proposal.depositRefundedCents)} refunded in Stripe `}
              <AdminTime iso={proposal.depositRefundedAt} />
            </>
          )}
        </>
      ) : proposal.depositCheckoutOpenedAt ? (
        <>
          {`Deposit of ${centsLabel(proposal.depositCents)} asked; the client opened Checkout `}
          <AdminTime iso={proposal.depositCheckoutOpenedAt} />
          {", not paid yet"}
        </>
      ) : (
        `Deposit of ${centsLabel(proposal.depositCents)} asked, not paid yet`
      )}
    </p>
  );
}

/** The deal page's proposals: every version, where it stands, its PDF, and Send. */
export function DealProposals({
  dealId,
  proposals,
  canSend,
}: {
  dealId: string;
  proposals: ProposalSummary[];
  /** Whether the deal has a contact to send to. */
  canSend: boolean;
}) {
  return (
    <section aria-labelledby="proposals-heading" id="proposals" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="proposals-heading" className="text-lg font-semibold">
          Proposals
        </h2>
        <Button asChild variant="outline">
          <Link to={`/admin/pipeline/${dealId}/proposal`}>
            {proposals.length ? "Write a new version" : "Write a proposal"}
          </Link>
        </Button>
      </div>
      {!canSend && proposals.length > 0 && (
        <p className="text-sm text-muted-foreground">
          The deal has no contact yet, so proposals cannot be sent from here.
        </p>
      )}
      {proposals.length === 0 ? (
        <p className="text-sm text-muted-foreground">No proposal yet.</p>
      ) : (
        <ul className="max-w-3xl space-y-3" data-testid="proposal-versions">
          {proposals.map((proposal) => (
            <li key={proposal.id} className="space-y-2 rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium wrap-anywhere">
                  {`Version ${proposal.version}: ${proposal.program}`}
                </p>
                <Badge variant="outline" data-testid="proposal-state">
                  {stateLabels[proposal.state]}
                </Badge>
              </div>
              <p className="text-sm">
                {`${centsLabel(proposal.totalCents)}${proposal.depositCents === null ? "" : `, deposit ${centsLabel(proposal.depositCents)}`}, valid until ${proposal.validUntil}`}
              </p>
              <p className="text-sm text-muted-foreground">
                {"Saved "}
                <AdminTime iso={proposal.createdAt} />
                {proposal.sentAt && (
                  <>
                    {`; sent to ${proposal.sentTo} `}
                    <AdminTime iso={proposal.sentAt} />
                  </>
                )}
                {proposal.firstViewedAt && (
                  <>
                    {"; first viewed "}
                    <AdminTime iso={proposal.firstViewedAt} />
                    {` (${proposal.viewCount} ${proposal.viewCount === 1 ? "view" : "views"})`}
                  </>
                )}
                {proposal.acceptedAt && (
                  <>
                    {`; accepted by ${proposal.acceptedBy} `}
                    <AdminTime iso={proposal.acceptedAt} />
                  </>
                )}
              </p>
              <DepositState proposal={proposal} />
              <div className="flex flex-wrap items-center gap-3">
                <a
                  href={`/admin/pipeline/${dealId}/proposals/${proposal.version}/pdf`}
                  className="text-sm underline underline-offset-4"
                >
                  {`PDF of version ${proposal.version}`}
                </a>
                {canSend && (proposal.state === "draft" || proposal.state === "sent") && (
                  <AdminForm action={`/admin/pipeline/${dealId}/proposal`}>
                    <input type="hidden" name="intent" value="send" />
                    <input type="hidden" name="proposal" value={proposal.id} />
                    <Button type="submit" size="sm">
                      {proposal.sentAt
                        ? `Send version ${proposal.version} again`
                        : `Send version ${proposal.version}`}
                    </Button>
                  </AdminForm>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
