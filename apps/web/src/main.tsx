import './theme/fonts.css';
import { initMonitoring } from './lib/monitoring.ts';
import { linkAppFiles, readServerState } from './lib/server-state.ts';
import { wakeOnIntent } from './lib/wake-on-intent.ts';
import { readThemeChoice } from './theme/theme-choice.ts';

// The entry is only this: the app's code (React, MUI, the routes) is the boot chunk, evaluated
// when the page needs it. A server-rendered page lists its files; they are fetched into the cache
// once the page has loaded (issue 19).
void initMonitoring();

const serverState = readServerState(document);

// The server knew the OS preference only from a client hint; when it guessed wrong (a first
// visit, a browser without hints) the page is rendered afresh in the right theme rather than
// hydrated and switched, which would leave parts of it in the other theme's colors (0027).
const osPrefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
const themeGuessedWrong = Boolean(serverState && !readThemeChoice() && serverState.env.prefersDark !== osPrefersDark);

const start = async () => {
  const { boot } = await import('./app/boot.tsx');
  // Evaluating the app's modules is one long task on a phone; the router and hydration start in
  // the next one, so the browser can paint and answer a tap in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await boot(serverState, { rerender: themeGuessedWrong });
};

// A server-rendered page is already a readable document with working links (and, on a first
// visit, the demo modal open): it becomes the app when the visitor reaches for it (a pointer, a
// key, a focus), not while they are reading it, so loading the page runs none of the app's code
// (decision 0027, revised 2026-11-28). A page rendered in the wrong theme needs the app at once.
if (serverState && !themeGuessedWrong) {
  wakeOnIntent(start);
  if (document.readyState === 'complete') linkAppFiles(document);
  else window.addEventListener('load', () => linkAppFiles(document), { once: true });
} else void start();
