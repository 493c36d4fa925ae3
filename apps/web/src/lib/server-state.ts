import type { DehydratedState } from '@tanstack/react-query';
import type { RenderEnv } from './render-env.ts';

/**
 * The id of the page's state script: `<script type="application/json">`, data the browser never
 * runs, so the strict CSP (script-src 'self') stays as it is.
 */
export const SERVER_STATE_ID = 'kikstart-state';

/**
 * The id of a server-rendered page's list of the app's files (`<script type="application/json">`,
 * written by the API's plugins/web.ts): the boot chunk and the page's parts with all they import.
 */
export const APP_FILES_ID = 'kikstart-app-files';

/**
 * Links the files the page's list names for download (`modulepreload`, low priority), so the app
 * is ready when the visitor reaches for the page. main.tsx does it once the page has loaded:
 * listed in the HTML, they were fetched beside the page's pictures and fonts and slowed them.
 */
export function linkAppFiles(doc: Document) {
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById(APP_FILES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const links = doc.createDocumentFragment();
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    links.append(link);
  }
  doc.head.append(links);
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
