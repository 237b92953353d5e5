import { z } from "zod";

// The one door to zod for code that reaches the browser. There zod must not compile parsers with
// `new Function`: the CSP refuses eval, and zod's probe alone is reported as a violation. The
// server keeps the fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
