// The inline script of pages without hydration (root.tsx): built by vite.config.ts's islands plugin.
import { startIslands } from "./site-islands";

startIslands();
