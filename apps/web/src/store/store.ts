import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Middleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import type { Storage } from 'redux-persist';
import { sessionSlice } from './session-slice.ts';
import { counterSlice } from './counter-slice.ts';
import { uiSlice } from './ui-slice.ts';
import type { UiState } from './ui-slice.ts';
import { demoSlice } from './demo-slice.ts';

/** Local-storage key built from the product's name (stored as "persist:kikstart"). */
export const PERSIST_KEY = 'kikstart';
export const PERSIST_VERSION = 1;
export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_TIMEOUT_MESSAGE = 'persist timed out';

/**
 * localStorage behind redux-persist's async storage interface. Written here rather than
 * imported from redux-persist/lib/storage, whose CommonJS default export does not survive
 * the ESM build. Storage that throws (private mode, quota) acts as empty.
 */
const storage: Storage = {
  getItem: async (key: string) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: async (key: string, value: string) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Not persisted this time; the in-memory state is still correct.
    }
  },
  removeItem: async (key: string) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  counter: counterSlice.reducer,
  ui: uiSlice.reducer,
  demo: demoSlice.reducer,
});

/**
 * redux-persist still rehydrates (with the initial state) after a time-out, so the app
 * renders; this records the failure with the spec's message (spec §4).
 */
const persistFailureLogger: Middleware = () => (next) => (action) => {
  const a = action as { type?: string; err?: unknown };
  if (a.type === REHYDRATE && a.err) {
    const timedOut = String((a.err as Error)?.message ?? a.err).includes('timed out');
    console.error(timedOut ? PERSIST_TIMEOUT_MESSAGE : 'persist failed', a.err);
  }
  return next(action);
};

/** The demo modal's state is per page; the theme choice lives in its own cookie (theme-choice.ts). */
const NOT_PERSISTED = ['demo', 'ui'] as const;
type RootShape = ReturnType<typeof rootReducer>;

/**
 * redux-persist's level-1 merge, minus the keys that are not persisted: its own merge restores
 * every saved key, so a copy saved before a key was left out (ui, before the theme cookie)
 * would overwrite the fresh state. A key the app already changed before rehydration is kept.
 */
function reconcileSaved(inbound: RootShape, original: RootShape, reduced: RootShape): RootShape {
  const next = { ...reduced } as Record<string, unknown>;
  for (const [key, value] of Object.entries(inbound ?? {})) {
    if (key === '_persist' || (NOT_PERSISTED as readonly string[]).includes(key)) continue;
    if (original[key as keyof RootShape] !== reduced[key as keyof RootShape]) continue;
    next[key] = value;
  }
  return next as RootShape;
}

/** Builds the persisted store; options exist for tests (a slow storage, a short time-out). */
export function createAppStore(options: { storage?: Storage; timeout?: number; manualPersist?: boolean } = {}) {
  const persistedReducer = persistReducer(
    {
      key: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: options.storage ?? storage,
      timeout: options.timeout ?? PERSIST_TIMEOUT_MS,
      blacklist: [...NOT_PERSISTED],
      stateReconciler: reconcileSaved,
    },
    rootReducer,
  );
  const appStore = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        persistFailureLogger,
      ),
  });
  // redux-persist 6 honors manualPersist (lib/persistStore.js); its types leave it out.
  const persistOptions = { manualPersist: options.manualPersist ?? false } as Parameters<typeof persistStore>[1];
  return { store: appStore, persistor: persistStore(appStore, persistOptions) };
}

/**
 * A store without persistence, for one server render: nothing from local storage, the theme
 * choice from the request's cookie (decision 0027).
 */
export function createServerStore(preloaded: { themeChoice: UiState['themeChoice']; demoOpen: boolean }) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { ui: { themeChoice: preloaded.themeChoice }, demo: { open: preloaded.demoOpen, details: null } },
  });
}

export const { store, persistor } = createAppStore({ manualPersist: true });

let persisting = false;
/**
 * Starts restoring and saving the persisted store: at once for a client-rendered page (its
 * PersistGate waits for it), after hydration for a server-rendered one, so the restored state
 * cannot land in the middle of hydration and make it disagree with the server's HTML (0027).
 */
export function startPersisting() {
  if (persisting) return;
  persisting = true;
  persistor.persist();
}

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
