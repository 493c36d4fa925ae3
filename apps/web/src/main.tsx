import './theme/fonts.css';
import { keepEarlyInput } from './lib/early-input.ts';
import { initMonitoring } from './lib/monitoring.ts';
import { PAGE_HYDRATED_EVENT, preloadAppFiles, readServerState } from './lib/server-state.ts';
import { readThemeChoice } from './theme/theme-choice.ts';

// The entry is only this: the app's code (React, MUI, the routes) is the boot chunk, imported
// once the page has loaded, so its download and evaluation never hold back the page's first
// paint, pictures or fonts (decision 0030).
void initMonitoring();

const serverState = readServerState(document);

// The server knew the OS preference only from a client hint; when it guessed wrong (a first
// visit, a browser without hints) the page is rendered afresh in the right theme rather than
// hydrated and switched, which would leave parts of it in the other theme's colors (0027).
const osPrefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
const themeGuessedWrong = Boolean(serverState && !readThemeChoice() && serverState.env.prefersDark !== osPrefersDark);

// What the visitor does before the app owns the page is kept and given to it once (early-input.ts).
const early = serverState && !themeGuessedWrong ? keepEarlyInput(document) : null;
// Given back once the hydration's commit has finished (its refs attached), before it is painted.
if (early) document.addEventListener(PAGE_HYDRATED_EVENT, () => queueMicrotask(early.hydrated), { once: true });

let started = false;
const start = async () => {
  if (started) return;
  started = true;
  if (serverState) preloadAppFiles(document);
  const { boot } = await import('./app/boot.tsx');
  // Evaluating the app's modules is one long task on a phone; the router and hydration start in
  // the next one, so the browser can paint and answer a tap in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await boot(serverState, { rerender: themeGuessedWrong });
  early?.rootTaken();
};

// A server-rendered page is a readable document with working links: the app starts once it has
// loaded, or at the visitor's first reach for it if that comes sooner.
if (early) {
  for (const name of ['pointerdown', 'keydown', 'focusin'] as const) {
    window.addEventListener(name, () => void start(), { capture: true, passive: true, once: true });
  }
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
} else void start();
