import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const shellModules =
  /app\/(lib\/(site|class-names|use-site-settings|route-meta)\.ts|components\/(ui\/(button|card|toaster|slot)\.tsx|layout\/|video-dialog\/video-dialog\.tsx))|node_modules\/(react-dom\/(index\.js|cjs\/react-dom\.production\.js)|clsx|class-variance-authority|lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|shared|icons\/(arrow-right|menu|x|check|eye|sparkles|circle-play|waves|heart-handshake|quote)\.mjs))/;

// The console's components (components/admin) stay out: no public page loads a byte of them.
const sharedModules =
  /app\/components\/(?!video-dialog\/video-dialog-content|admin\/)|node_modules\/(lucide-react\/dist\/esm\/icons|@radix-ui)\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // React Router preloads route modules itself; Vite's preload helper would only add first-load bytes.
  build: {
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The site shell and the small pieces every page uses, in one chunk instead of a dozen:
        // fewer requests and better compression of first-load JavaScript.
        codeSplitting: {
          groups: [
            { name: "shell", test: shellModules, priority: 2 },
            { name: "shared", test: sharedModules, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  // Bundled into the server build so only the icons and email components used are loaded: their
  // barrels took a second and 40 MB of the server's start (issue 14).
  ssr: { noExternal: ["lucide-react", /^@react-email\/(?!render)/, "kysely"] },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
});
