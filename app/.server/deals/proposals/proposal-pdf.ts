import type { Font } from "fontkit";
import { centsLabel } from "~/lib/proposal-schema";
import type { ProposalDocument } from "./proposal-document";

/**
 * pdfkit, fontkit and the site's own faces (in the bundle: a deployment carries only build/;
 * pdfkit's standard 14 fonts would not be embedded), loaded at the first proposal drawn: most
 * processes never draw one. The faces are parsed once and handed to every document: fontkit keeps
 * its glyph and layout tables on the font, so a document that parsed its own would pay that again
 * (four times slower).
 */
async function drawingKitLoaded() {
  const [fontkit, pdfkit, fonts] = await Promise.all([
    import("fontkit"),
    import("pdfkit"),
    import("./proposal-fonts"),
  ]);
  const face = (base64: string) => fontkit.create(Buffer.from(base64, "base64")) as Font;
  return {
    PDFDocument: pdfkit.default,
    inter: face(fonts.interTrueType),
    fraunces: face(fonts.frauncesTrueType),
  };
}
let drawingKit: ReturnType<typeof drawingKitLoaded> | undefined;

const ink = "#27334d";
const muted = "#5b6478";
const margin = 64;

/** The proposal as a Letter-size PDF: fonts embedded (subset), text selectable. */
export async function renderProposalPdf(proposal: ProposalDocument): Promise<Buffer> {
  const { PDFDocument, inter, fraunces } = await (drawingKit ??= drawingKitLoaded());
  const doc = new PDFDocument({
    size: "LETTER",
    margin,
    info: {
      Title: `Proposal: ${proposal.program} (version ${proposal.version})`,
      Author: proposal.from,
      Subject: proposal.dealTitle,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  // pdfkit takes a parsed fontkit font (anything with `layout`); its types know only files.
  doc.registerFont("body", inter as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont("heading", fraunces as unknown as PDFKit.Mixins.PDFFontSource);
  const width = doc.page.width - margin * 2;

  doc.font("heading").fontSize(26).fillColor(ink).text("Proposal");
  doc.font("body").fontSize(11).fillColor(muted);
  doc.text(`${proposal.from} for ${proposal.dealTitle}`);
  doc.text(`Version ${proposal.version}, valid until ${proposal.validUntil}`);
  doc.moveDown(1.5);

  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.font("heading").fontSize(15).fillColor(ink).text(text);
    doc.moveDown(0.3);
    doc.font("body").fontSize(11).fillColor(ink);
  };

  heading("The program");
  doc.text(proposal.program);
  doc.text(`Team size: ${proposal.teamSize}`);
  doc.text(`Dates: ${proposal.dates}`);

  heading("Price");
  for (const line of proposal.lines) {
    const y = doc.y;
    doc.text(line.label, margin, y, { width: width - 120 });
    const below = doc.y;
    doc.text(centsLabel(line.amountCents), margin + width - 120, y, { width: 120, align: "right" });
    doc.x = margin;
    doc.y = Math.max(below, doc.y) + 4;
  }
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + width, doc.y)
    .strokeColor(muted)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.4);
  const totalY = doc.y;
  doc.text("Total", margin, totalY, { width: width - 120 });
  doc.text(centsLabel(proposal.totalCents), margin + width - 120, totalY, {
    width: 120,
    align: "right",
  });
  doc.x = margin;
  if (proposal.depositCents !== null) {
    doc.moveDown(0.4);
    doc.fillColor(muted).text(`Deposit on acceptance: ${centsLabel(proposal.depositCents)}`);
    doc.fillColor(ink);
  }

  heading("Terms");
  doc.text(proposal.terms, { width });

  doc.moveDown(2);
  doc.fontSize(10).fillColor(muted);
  doc.text(
    proposal.accepted
      ? `Accepted by ${proposal.accepted.name}, ${proposal.accepted.title}, on ${proposal.accepted.on}.`
      : `Accept online by ${proposal.validUntil} at the link in your email.`,
    { width },
  );
  doc.end();
  return done;
}
