import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (its queue is module state). */
const load = async () => {
  vi.resetModules();
  return import('./notifications.ts');
};

describe('notify', () => {
  beforeEach(() => vi.stubGlobal('window', {}));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps toasts asked for before the toast host mounts, asks for the host, then shows them in order', async () => {
    const { notify, whenToastWanted, attachToastHost } = await load();
    const want = vi.fn();
    whenToastWanted(want);
    expect(want).not.toHaveBeenCalled();

    notify('error', 'Network error');
    notify('warning', 'Check your email first');
    expect(want).toHaveBeenCalledTimes(2);

    const shown: unknown[] = [];
    attachToastHost((toast) => shown.push(toast));
    expect(shown).toEqual([
      { variant: 'error', message: 'Network error' },
      { variant: 'error', message: 'Check your email first' },
    ]);

    notify('success', 'Profile updated');
    expect(shown.at(-1)).toEqual({ variant: 'success', message: 'Profile updated' });
    expect(want).toHaveBeenCalledTimes(2);
  });

  it('asks for the host at once when a toast was already waiting (a toast before the provider mounted)', async () => {
    const { notify, whenToastWanted } = await load();
    notify('success', 'Saved');
    const want = vi.fn();
    whenToastWanted(want);
    expect(want).toHaveBeenCalledOnce();
  });

  it('queues again after the host unmounts, and shows nothing on the server', async () => {
    const { notify, attachToastHost } = await load();
    const shown: unknown[] = [];
    const detach = attachToastHost((toast) => shown.push(toast));
    detach();
    notify('success', 'Saved');
    expect(shown).toEqual([]);
    attachToastHost((toast) => shown.push(toast));
    expect(shown).toEqual([{ variant: 'success', message: 'Saved' }]);

    vi.unstubAllGlobals();
    notify('success', 'On the server');
    expect(shown).toHaveLength(1);
  });
});
