import type { DefinedEmailTemplate } from "./email-template";
import { renderEmail } from "./render-email";

/**
 * A template drawn once with a stand-in in each text value (a "slot"), kept as the fixed pieces
 * between the slots: each email is then filled in, not rendered (React and html-to-text were most
 * of a contact message's CPU). A stand-in is one private-use character repeated: slot i is
 * U+E000+i, once, or as long as the value where the value is in the inbox preview (React Email
 * pads the preview to 150 characters and cuts it there, so its length shapes the HTML).
 */
/** A fixed piece, or a slot to fill: its whole value, or the first `cut` characters of it. */
type Piece = string | { slot: number; cut?: number };
/** `checked` once one email's filling matched its full rendering; "full" once one did not. */
type Skeleton = { html: Piece[]; text: Piece[]; checked: boolean } | "full";
type Shape = { previewSlots: Set<number>; byPreviewLengths: Map<string, Promise<Skeleton>> };

const firstSlot = 0xe000;
const lastSlot = 0xf8ff;
const slotRuns = /[\ue000-\uf8ff]+/g;

/**
 * A value filled in as it is: words between single spaces, nothing html-to-text would collapse
 * or break (line breaks, runs of spaces, control and format characters, our stand-ins).
 */
const fillableValue = /^(?:[^\s\p{C}]+ )*[^\s\p{C}]+$/u;

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);

/** The preview React Email writes first in the body, hidden and left out of the text part. */
const previewText = /data-skip-in-text="true">([^<]*)/;

/**
 * The data with each fillable text value replaced by its slot's stand-in; undefined when a value
 * cannot be filled in (the email is then rendered in full). `key` is the data's shape: everything
 * but the slots' values.
 */
function withSlots(data: unknown) {
  const values: string[] = [];
  let fillable = true;
  const replace = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (!fillableValue.test(value) || firstSlot + values.length > lastSlot) fillable = false;
      values.push(value);
      return String.fromCharCode(firstSlot + values.length - 1);
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replace(item)]));
    }
    // A date (or any object) is drawn by the template in its own way: no shape would repeat.
    if (typeof value === "object" && value !== null) fillable = false;
    return value;
  };
  const slotted = replace(data);
  return fillable ? { slotted, values, key: JSON.stringify(slotted) } : undefined;
}

/** Stretches the stand-ins of the preview's slots to their values' lengths. */
function stretch(data: unknown, lengths: Map<number, number>): unknown {
  if (typeof data === "string") {
    return data.repeat(lengths.get(data.charCodeAt(0) - firstSlot) ?? 1);
  }
  if (Array.isArray(data)) return data.map((item) => stretch(item, lengths));
  if (data && Object.getPrototypeOf(data) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(data).map(([name, item]) => [name, stretch(item, lengths)]),
    );
  }
  return data;
}

/** Cuts a rendering at its stand-ins; `stretched` says how long each stretched stand-in was. */
function piecesOf(rendered: string, stretched: Map<number, number>): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const run of rendered.matchAll(slotRuns)) {
    pieces.push(rendered.slice(last, run.index));
    // A run may hold several stand-ins side by side, and the preview's cut may end one early.
    let at = 0;
    while (at < run[0].length) {
      const slot = run[0].charCodeAt(at) - firstSlot;
      const unit = stretched.get(slot) ?? 1;
      let length = 0;
      while (length < unit && run[0].charCodeAt(at + length) === firstSlot + slot) length += 1;
      pieces.push(length === unit ? { slot } : { slot, cut: length });
      at += length;
    }
    last = run.index + run[0].length;
  }
  pieces.push(rendered.slice(last));
  return pieces;
}

function fill(pieces: Piece[], values: string[], escape: (value: string) => string) {
  let filled = "";
  for (const piece of pieces) {
    if (typeof piece === "string") filled += piece;
    else {
      const value = values[piece.slot]!;
      filled += escape(piece.cut === undefined ? value : value.slice(0, piece.cut));
    }
  }
  return filled;
}

type Draw = typeof renderEmail;

async function skeletonOf(
  renderEmail: Draw,
  template: DefinedEmailTemplate,
  slotted: unknown,
  stretched = new Map<number, number>(),
): Promise<Skeleton> {
  const { html, text } = await renderEmail("", template.body(slotted));
  return { html: piecesOf(html, stretched), text: piecesOf(text, stretched), checked: false };
}

/** The slots whose stand-ins are in the preview. */
async function shapeOf(
  renderEmail: Draw,
  template: DefinedEmailTemplate,
  slotted: unknown,
): Promise<Shape> {
  const { html } = await renderEmail("", template.body(slotted));
  const previewSlots = new Set<number>();
  for (const run of previewText.exec(html)?.[1]?.matchAll(slotRuns) ?? []) {
    for (const char of run[0]) previewSlots.add(char.charCodeAt(0) - firstSlot);
  }
  return { previewSlots, byPreviewLengths: new Map() };
}

/**
 * Renders a template's emails from skeletons kept per template and data shape (the latest
 * `keep` shapes of each), filling in each email's values. The first email of each skeleton is
 * also rendered in full and compared: a template that does more with a text value than print it
 * (compares it, say) renders that shape in full from then on. An email with a value that cannot
 * be filled in, or with a date, is rendered in full.
 */
export function filledTemplates({
  keep = 50,
  draw = renderEmail,
}: { keep?: number; draw?: Draw } = {}) {
  const shapesOf = new WeakMap<DefinedEmailTemplate, Map<string, Promise<Shape>>>();

  function skeletonFor(
    template: DefinedEmailTemplate,
    slots: NonNullable<ReturnType<typeof withSlots>>,
  ) {
    let shapes = shapesOf.get(template);
    if (!shapes) shapesOf.set(template, (shapes = new Map()));
    let shape = shapes.get(slots.key);
    if (!shape) {
      if (shapes.size >= keep) shapes.delete(shapes.keys().next().value!);
      shape = shapeOf(draw, template, slots.slotted);
      shapes.set(slots.key, shape);
    }
    return shape.then(({ previewSlots, byPreviewLengths }) => {
      const stretched = new Map(
        [...previewSlots].map((slot) => [slot, slots.values[slot]!.length] as const),
      );
      const lengths = [...stretched.values()].join(",");
      let skeleton = byPreviewLengths.get(lengths);
      if (!skeleton) {
        if (byPreviewLengths.size >= keep) byPreviewLengths.clear();
        skeleton = skeletonOf(draw, template, stretch(slots.slotted, stretched), stretched);
        byPreviewLengths.set(lengths, skeleton);
      }
      return {
        skeleton,
        settle: (settled: Skeleton) => byPreviewLengths.set(lengths, Promise.resolve(settled)),
      };
    });
  }

  return async function render(template: DefinedEmailTemplate, data: unknown) {
    const slots = withSlots(data);
    const inFull = async () => {
      const { html, text } = await draw("", template.body(data));
      return { html, text };
    };
    if (!slots) return inFull();
    const { skeleton: pending, settle } = await skeletonFor(template, slots);
    const skeleton = await pending;
    if (skeleton === "full") return inFull();
    const filled = {
      html: fill(skeleton.html, slots.values, escapeHtml),
      text: fill(skeleton.text, slots.values, String),
    };
    if (skeleton.checked) return filled;
    const full = await inFull();
    settle(
      full.html === filled.html && full.text === filled.text
        ? { ...skeleton, checked: true }
        : "full",
    );
    return full;
  };
}
