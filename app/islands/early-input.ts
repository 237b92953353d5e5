/**
 * What the visitor did to a form before React ran, handed to React once it has (decision 130).
 *
 * The server's HTML is a working form before any script: a tap checks a box, a key types into a
 * field, a paste fills it. React hydrates later (a form island at the first interaction, the
 * console as it loads) from the props the server rendered with, so its state does not hold those
 * changes while the DOM does, and the two disagree from then on (issue 33: the first card tapped
 * showed checked, the total stayed $0.00 and the purchase was refused).
 *
 * Right after hydration, every control of the island whose live state differs from the state the
 * server wrote (`defaultChecked`, `defaultValue`, `defaultSelected`: the HTML's own attributes,
 * which React's hydrated props equal) is changed again through the event React listens to for
 * that kind of control: a click for a checkbox or radio, `input` for a text field, `change` for a
 * select. React's value tracker is first set back to the server's state, so React sees a change
 * and calls the control's own `onChange`. Whatever changed the DOM — a tap, a click without a
 * focus, a key, a paste, autofill, or a mix of them in any order — the component's state ends up
 * where the DOM is, through the same handler a change after hydration goes through. No component
 * reads the DOM itself and none can forget to.
 */
export function replayEarlyInput(root: ParentNode) {
  // Every control's live state first, then the replays. Each replay re-renders the island, and
  // React writes its state (still the server's) into every controlled control not yet replayed:
  // read as it went, a box replayed first wiped the address typed after it (a fast typist's
  // first tap, then keys, before hydration ended; decision 131).
  const replays: (() => void)[] = [];
  for (const control of root.querySelectorAll<FormControl>("input, textarea, select")) {
    if (control.disabled) continue;
    const replay =
      control instanceof HTMLSelectElement
        ? selectReplay(control)
        : control instanceof HTMLInputElement && checkable.has(control.type)
          ? checkReplay(control)
          : notTyped.has(control.type)
            ? null
            : valueReplay(control);
    if (replay) replays.push(replay);
  }
  for (const replay of replays) replay();
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const checkable = new Set(["checkbox", "radio"]);
/** Inputs a visitor does not type into (a hidden field may be set by a script, not by them). */
const notTyped = new Set(["hidden", "file", "submit", "reset", "button", "image"]);

function checkReplay(input: HTMLInputElement) {
  if (input.checked === input.defaultChecked) return null;
  // A radio button that lost its check is the group's; the one now checked replays it.
  if (input.type === "radio" && !input.checked) return null;
  const checked = input.checked;
  return () => {
    // The instance's own setter (React's tracker): React now holds the opposite of the visitor's
    // state, and the click below (which toggles the box to it, and is the event React reads a
    // check from) changes it, whatever a replay before this one rendered into the box.
    input.checked = !checked;
    input.click();
  };
}

function valueReplay(field: HTMLInputElement | HTMLTextAreaElement) {
  if (field.value === field.defaultValue) return null;
  const { value, defaultValue } = field;
  const focused = field.ownerDocument.activeElement === field;
  const selection = focused ? selectionOf(field) : null;
  return () => {
    // The tracker back to the server's value, then the visitor's value by the prototype's setter
    // (past the tracker), so the `input` event below reads as the change it was.
    field.value = defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(prototype.prototype, "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (selection) field.setSelectionRange(...selection);
  };
}

function selectReplay(select: HTMLSelectElement) {
  const options = [...select.options];
  if (options.every((option) => option.selected === option.defaultSelected)) return null;
  const selected = options.map((option) => option.selected);
  return () => {
    options.forEach((option, index) => (option.selected = selected[index]!));
    // React reads a select's change from the event alone (it tracks no value for selects).
    select.dispatchEvent(new Event("change", { bubbles: true }));
  };
}

/** The caret and selection of a field that has them (an email field has none). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement) {
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null
      ? null
      : ([selectionStart, selectionEnd] as const);
  } catch {
    return null;
  }
}
