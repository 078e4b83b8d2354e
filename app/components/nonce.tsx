import { createContext, useContext } from "react";

/** This response's Content-Security-Policy nonce (server only; browsers hide it from scripts). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
