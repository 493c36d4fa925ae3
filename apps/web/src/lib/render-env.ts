import { createContext, createElement, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { getAuthToken } from './cookies.ts';

/**
 * What the server knew when it rendered a page (decision 0027). The server renders from the
 * request's cookies and hints; the browser's first render while hydrating must produce the same
 * markup, so it reads these same facts (carried in the page's state script) instead of its own
 * storage. After hydration each hook switches to the live value.
 */
export interface RenderEnv {
  /** The `kikstart_token` cookie was present: the header shows the signed-in layout. */
  signedIn: boolean;
  /** No theme cookie: the OS preference the browser sent as a client hint (Sec-CH-Prefers-Color-Scheme). */
  prefersDark: boolean;
}

export const CLIENT_ONLY_ENV: RenderEnv = { signedIn: false, prefersDark: false };

const RenderEnvContext = createContext<RenderEnv>(CLIENT_ONLY_ENV);

export function RenderEnvProvider({ value, children }: { value: RenderEnv; children: ReactNode }) {
  return createElement(RenderEnvContext.Provider, { value }, children);
}

export const useRenderEnv = () => useContext(RenderEnvContext);

const noSubscribe = () => () => {};

/**
 * Whether the token cookie is set. On the server and while hydrating it is the cookie the server
 * saw (useSyncExternalStore's server snapshot), so the header renders the same on both sides.
 */
export function useHasTokenCookie(): boolean {
  const env = useRenderEnv();
  return useSyncExternalStore(
    noSubscribe,
    () => Boolean(getAuthToken()),
    () => env.signedIn,
  );
}

/**
 * False on the server and while a server-rendered page hydrates, true once React runs the page
 * (at once for a client-rendered one). A form's submit button waits for it: pressed before the
 * scripts ran, the browser would submit the form itself, reloading the page with the fields in
 * the address and losing what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
