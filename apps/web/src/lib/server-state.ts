import type { DehydratedState } from '@tanstack/react-query';
import type { RenderEnv } from './render-env.ts';

/**
 * The id of the page's state script: `<script type="application/json">`, data the browser never
 * runs, so the strict CSP (script-src 'self') stays as it is.
 */
export const SERVER_STATE_ID = 'kikstart-state';

/**
 * Sent on the document in the commit that hydrates a server-rendered page (HydrationMarker), before
 * the browser paints it: what the visitor did meanwhile is given back then (early-input.ts).
 */
export const PAGE_HYDRATED_EVENT = 'kikstart:page-hydrated';

/**
 * The id of a server-rendered page's list of the app's files (`<script type="application/json">`,
 * written by the API): the boot chunk and the page's parts with all they import.
 */
export const APP_FILES_ID = 'kikstart-app-files';

/**
 * Starts the download of every file the page's list names at once (module preloads), so the
 * page's parts arrive beside the boot chunk instead of after it has run (which asks for them).
 */
export function preloadAppFiles(doc: Document) {
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById(APP_FILES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/** What a server-rendered page hands to the browser: its query cache and the facts it rendered from. */
export interface ServerState {
  env: RenderEnv;
  queries: DehydratedState;
  /** The code-split parts the page was rendered with (lazy-part.tsx): loaded before hydrating. */
  parts: string[];
}

/** `<` escaped, so no value can close the script element early. */
export const serializeServerState = (state: ServerState) => JSON.stringify(state).replace(/</g, '\\u003c');

/** The state of a server-rendered page, or null when the page came as the client-rendered shell. */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
