/** The compiled island script, as text (vite.config.ts); empty in the browser build. */
declare module "virtual:site-islands" {
  const source: string;
  export default source;
}
