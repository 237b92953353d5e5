import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

export type AutosaveResult = {
  notice?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The draft's revision after this save: the form's base from now on. */
  revision?: number;
  /** Refused: the draft moved on from `base` to `newer` since the form was loaded. */
  stale?: { base: number; newer: number };
};

/**
 * Saves an editor's draft two seconds after the last change, through the form's own action
 * (CSRF included) with `intent=autosave`. A multipart form (a resource's) is posted as such, its
 * file left out: a file is kept only when the owner saves or publishes.
 */
export function useAutosave(
  wrapper: React.RefObject<HTMLElement | null>,
  { multipart = false }: { multipart?: boolean } = {},
) {
  const fetcher = useFetcher<AutosaveResult>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = () => clearTimeout(timer.current);
  const schedule = (event?: { target: EventTarget }) => {
    clearTimeout(timer.current);
    // A chosen file is not autosaved: it is kept by Save, Publish or Schedule.
    if (event?.target instanceof HTMLInputElement && event.target.type === "file") return;
    timer.current = setTimeout(() => {
      const form = wrapper.current?.querySelector("form");
      if (!form) return;
      const formData = new FormData(form);
      for (const [name, value] of [...formData]) if (value instanceof File) formData.delete(name);
      formData.set("intent", "autosave");
      void fetcher.submit(formData, {
        method: "post",
        ...(multipart && { encType: "multipart/form-data" as const }),
      });
    }, 2_000);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const status =
    fetcher.state !== "idle" ? "Saving…" : (fetcher.data?.notice ?? fetcher.data?.error ?? "");
  // A save or publish posted by the owner goes alone: a later autosave would interrupt it.
  return { schedule, cancel, fetcher, status };
}
