import { spamTrapFields } from "~/lib/spam-trap-fields";

/**
 * A form marked `data-form-token` on a page without React (the newsletter boxes) gets its signed
 * start time when the visitor first focuses it: fetched then, not at load, so a page read and left
 * costs no token (decision 064). Without JavaScript the post has none and /signup asks for one
 * more click.
 */
export function fetchFormTokensOnFocus() {
  document.addEventListener("focusin", onFocusIn);
}

function onFocusIn(event: FocusEvent) {
  const form = event.target instanceof Element && event.target.closest("form");
  if (!form || !form.hasAttribute("data-form-token") || form.dataset.formToken) return;
  form.dataset.formToken = "fetching";
  fetch("/functions/v1/form-token")
    .then((response) => response.json() as Promise<{ token?: string }>)
    .then(({ token }) => {
      if (!token) throw new Error("no form token");
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = spamTrapFields.formToken;
      field.value = token;
      form.append(field);
      form.dataset.formToken = "ready";
    })
    .catch(() => {
      // Offline or refused: the next focus tries again; a post without one gets one more click.
      form.dataset.formToken = "";
    });
}
