import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from 'redux-persist';
import { PERSIST_KEY, PERSIST_TIMEOUT_MESSAGE, PERSIST_TIMEOUT_MS, PERSIST_VERSION, createAppStore } from './store.ts';
import { increment } from './counter-slice.ts';

const memoryStorage = (initial: Record<string, string> = {}): Storage & { data: Record<string, string> } => {
  const data = { ...initial };
  return {
    data,
    getItem: async (k: string) => data[k] ?? null,
    setItem: async (k: string, v: string) => {
      data[k] = v;
    },
    removeItem: async (k: string) => {
      delete data[k];
    },
  };
};

afterEach(() => vi.restoreAllMocks());

describe('persisted store', () => {
  it('uses the product key, version 1 and a 5 s time-out', () => {
    expect(PERSIST_KEY).toBe('kikstart');
    expect(PERSIST_VERSION).toBe(1);
    expect(PERSIST_TIMEOUT_MS).toBe(5000);
  });

  it('restores saved state and saves changes under persist:kikstart', async () => {
    const storage = memoryStorage({
      'persist:kikstart': JSON.stringify({
        counter: JSON.stringify({ value: 3 }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    });
    const { store, persistor } = createAppStore({ storage });
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().counter.value).toBe(3);
    store.dispatch(increment());
    await persistor.flush();
    expect(JSON.parse(JSON.parse(storage.data['persist:kikstart']!).counter)).toEqual({ value: 4 });
  });

  it('ignores a theme saved by an older version and stops saving it (the theme cookie decides)', async () => {
    const storage = memoryStorage({
      'persist:kikstart': JSON.stringify({
        ui: JSON.stringify({ themeMode: 'light' }),
        counter: JSON.stringify({ value: 1 }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    });
    const { store, persistor } = createAppStore({ storage });
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().ui).toEqual({ themeChoice: null });
    expect(store.getState().counter.value).toBe(1);
    store.dispatch(increment());
    await persistor.flush();
    expect(JSON.parse(storage.data['persist:kikstart']!)).not.toHaveProperty('ui');
  });

  it('still starts (logged out, no theme choice) when storage never answers, logging "persist timed out"', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hanging: Storage = {
      getItem: () => new Promise(() => {}),
      setItem: async () => {},
      removeItem: async () => {},
    };
    const { store, persistor } = createAppStore({ storage: hanging, timeout: 50 });
    expect(persistor.getState().bootstrapped).toBe(false);
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(errors).toHaveBeenCalledWith(PERSIST_TIMEOUT_MESSAGE, expect.any(Error));
    expect(PERSIST_TIMEOUT_MESSAGE).toBe('persist timed out');
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(store.getState().ui.themeChoice).toBeNull();
  });
});
