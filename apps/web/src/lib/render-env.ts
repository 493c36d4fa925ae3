import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import type { PageFormResult } from '@kikstart/contract/page-forms';
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
  /**
   * The page was rendered with the demo modal open (a first visit to a marketing page, spec §4:
   * it starts open), in the page itself rather than a portal, so it shows with the HTML.
   */
  demoOpen: boolean;
  /**
   * The page answers a lead form posted without scripts (decision 0033): that form renders with
   * what was posted and its messages, or its success.
   */
  formResult?: PageFormResult;
}

export const CLIENT_ONLY_ENV: RenderEnv = { signedIn: false, prefersDark: false, demoOpen: false };

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
 * Whether this browser page has finished hydrating (or was rendered by the browser from the
 * start): set by main.tsx for a client-rendered page and by markHydrated once a server-rendered
 * one has hydrated, so what mounts afterwards starts hydrated. Never set on the server.
 */
let pageHydrated = false;
export const markHydrated = () => {
  pageHydrated = true;
};
/** Read once by what mounts: only the page's first render shows a posted form's outcome. */
export const isPageHydrated = () => pageHydrated;

/**
 * False on the server and while a server-rendered page hydrates, true once React runs the page
 * (at once for a client-rendered one): for what renders in the browser only (the footer's
 * newsletter form, a chunk of its own) and the page's hydrated marker.
 * The switch after hydration is a transition, so what waits for it renders in a batch React
 * splits into short tasks, where an update from useSyncExternalStore would be one long render.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
