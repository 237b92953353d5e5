import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // React Router preloads route modules itself; Vite's preload helper would only add first-load bytes.
  build: { modulePreload: false },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
});
