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

/** Links added per task, so a long list never holds the main thread for long. */
const LINKS_PER_TASK = 4;

/**
 * Fetches the files the page's list names into the browser's cache (`prefetch`, the lowest
 * priority), so the app is ready when the visitor reaches for the page. main.tsx does it once the
 * page has loaded, a few per idle moment. Measured with Lighthouse (decision 0027): listed in the
 * HTML as modulepreload links, they were fetched beside the page's pictures and fonts and slowed
 * them; as modulepreload links added after the load, each one was also compiled at once, in tasks
 * of their own, where prefetch leaves the compiling to the import that needs them.
 */
export function linkAppFiles(doc: Document) {
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById(APP_FILES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const hrefs = files.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/'));
  const linkSome = () => {
    for (const href of hrefs.splice(0, LINKS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = ''; // the mode the module import asks in, so it finds this copy
      link.href = href;
      doc.head.append(link);
    }
    if (hrefs.length > 0) whenIdle(linkSome);
  };
  whenIdle(linkSome);
}

/** Runs `task` when the browser is idle (or in the next task, where it cannot say). */
const whenIdle = (task: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task, 0);
};

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
