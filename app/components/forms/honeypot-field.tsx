import { spamTrapFields } from "~/lib/spam-trap-fields";

/** A text field people never see or reach with the keyboard; a bot that fills it is discarded. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={spamTrapFields.honeypot} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
