import { useState } from "react";
import { readIslandProps } from "~/components/layout/form-island";

/**
 * Posts a form of an island to its action as the browser would without JavaScript, and reads the
 * island's props from the page the server answers with: the same action, limits and answer as
 * without JavaScript, shown in place. `answer.props` is null when no such page came back (the
 * network failed, a proxy's error page).
 */
export function useIslandPost<P>(island: string) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ props: P | null }>();
  async function post(form: HTMLFormElement, fields = new FormData(form)) {
    setSending(true);
    let props: P | null = null;
    try {
      const body = new URLSearchParams();
      for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
      const response = await fetch(form.action, { method: "POST", body });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      props = readIslandProps<P>(page, island);
    } catch {
      // No answer: null says so.
    }
    setAnswer({ props });
    setSending(false);
  }
  return { sending, answer, post };
}
