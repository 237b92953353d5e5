/** A toast's content: shown in the browser, or carried across a redirect by the server. */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
};
