/**
 * The site's palette (app/app.css) as hex, and its faces with the fallbacks mail clients have:
 * most clients support neither oklch() nor web fonts.
 */
export const emailColors = {
  background: "#fcfaf6",
  card: "#ffffff",
  foreground: "#14202d",
  muted: "#f3f0e9",
  mutedForeground: "#4b5763",
  border: "#e2ded5",
  primary: "#1e3a56",
  primaryForeground: "#fcfaf6",
  accent: "#007373",
  gold: "#e3b667",
};

export const emailFonts = {
  sans: "'Inter Variable', Inter, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  serif: "'Fraunces Variable', Fraunces, Georgia, 'Times New Roman', serif",
};
