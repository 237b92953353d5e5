/** The compiled island script, as text (vite.config.ts); empty in the browser build. */
declare module "virtual:site-islands" {
  const source: string;
  export default source;
}

/** Each form page's island: its module's address, then those of the modules it imports. */
declare module "virtual:form-islands" {
  const modules: Record<string, string[]>;
  export default modules;
}
