import { createContext, useContext } from "react";

/**
 * The nonce of a server-rendered page's inline scripts (its Content-Security-Policy names it).
 * Prerendered pages have none: their scripts are allowed by hash. The browser hides the nonce
 * from the DOM, so the client renders without it.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export const useScriptNonce = () => useContext(ScriptNonceContext);
