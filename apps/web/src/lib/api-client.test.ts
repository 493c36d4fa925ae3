import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.fn();
let token: string | undefined;
vi.mock('./notifications.ts', () => ({ notify: (...args: unknown[]) => notify(...args) }));
vi.mock('./cookies.ts', () => ({ getAuthToken: () => token }));

const { ApiError, apiDownload, apiGet, apiRequest, apiWrite, setUnauthorizedHandler } = await import('./api-client.ts');
const { INVALID_ID_MESSAGE } = await import('./messages.ts');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  notify.mockReset();
  fetchMock.mockReset();
  token = undefined;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('downloads a file with the token header; a refused download toasts the envelope message', async () => {
    token = 'secret-token';
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const pdf = await apiDownload('/transaction/statement', { year: 2026 });
    expect(await pdf.text()).toBe('%PDF-1.3');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/transaction/statement?year=2026');
    expect((init?.headers as Record<string, string>)['x-access-token']).toBe('secret-token');

    fetchMock.mockResolvedValueOnce(
      json(400, { status: 400, message: 'Choose a year from 2025 to 2026', code: 'VALIDATION_FAILED', data: null }),
    );
    const refused = await apiDownload('/transaction/statement', { year: 1999 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as InstanceType<typeof ApiError>).code).toBe('VALIDATION_FAILED');
    expect(notify).toHaveBeenCalledWith('error', 'Choose a year from 2025 to 2026');
  });

  it('calls /api paths and sends the token cookie as x-access-token', async () => {
    token = 'secret-token';
    fetchMock.mockResolvedValue(json(200, { status: 200, message: 'OK', data: { a: 1 } }));
    await expect(apiGet('/cms/faq-data', { query: { page: 2, q: undefined } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cms/faq-data?page=2');
    expect((init?.headers as Record<string, string>)['x-access-token']).toBe('secret-token');
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends no token header without the cookie', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 200, message: 'OK', data: null }));
    await apiGet('/health');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['x-access-token']).toBeUndefined();
  });

  it('writes with status 200 show a success toast with the server message', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 200, message: 'Profile updated', data: {} }));
    const res = await apiWrite('/user/profile-update', { fullName: 'Ana' });
    expect(res.message).toBe('Profile updated');
    expect(notify).toHaveBeenCalledWith('success', 'Profile updated');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ fullName: 'Ana' }));
  });

  it('writes with another body status show a warning with the message', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 202, message: 'Check your email first', data: null }));
    await apiWrite('/user/signin', {});
    expect(notify).toHaveBeenCalledWith('warning', 'Check your email first');
  });

  it('a field message shows under its field only: the toast says to look there (one sentence, one place)', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        status: 400,
        message: 'Phone must be 10 digits',
        code: 'VALIDATION_FAILED',
        data: null,
        errors: { phone: 'Phone must be 10 digits' },
      }),
    );
    const err = await apiWrite('/user/signup', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'Phone must be 10 digits', errors: { phone: 'Phone must be 10 digits' } });
    expect(notify.mock.calls).toEqual([['error', 'Please correct the highlighted fields']]);
  });

  it('a refused id never reaches a parent as "Must be a valid id"', async () => {
    for (const errors of [
      { id: 'Must be a valid id' },
      { childId: 'Must be a valid id' },
      { 'enrollmentIds.0': 'x' },
    ]) {
      notify.mockReset();
      fetchMock.mockResolvedValueOnce(
        json(400, { status: 400, message: 'Must be a valid id', code: 'VALIDATION_FAILED', data: null, errors }),
      );
      const err = await apiGet('/programs/details').catch((e: unknown) => e);
      expect((err as Error).message).toBe(INVALID_ID_MESSAGE);
      expect(notify.mock.calls).toEqual([['error', INVALID_ID_MESSAGE]]);
    }
  });

  it('writes whose page shows the confirmation can leave out the success toast; errors still toast', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: 200, message: 'We have sent a new link.', data: null }));
    await expect(apiWrite('/user/email-verify/resend', {}, { successToast: false })).resolves.toMatchObject({
      message: 'We have sent a new link.',
    });
    expect(notify).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(429, { status: 429, message: 'Too many attempts.', data: null }));
    await apiWrite('/user/email-verify/resend', {}, { successToast: false }).catch(() => undefined);
    expect(notify.mock.calls).toEqual([['error', 'Too many attempts.']]);
  });

  it('can send cookies to another origin when asked', async () => {
    fetchMock.mockImplementation(async () => json(200, { status: 200, message: 'OK', data: null }));
    await apiRequest('/user/email-verify', { method: 'POST', body: {}, credentials: 'include' });
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('include');
    await apiGet('/x');
    expect(fetchMock.mock.calls[1]![1]!.credentials).toBeUndefined();
  });

  it('failed requests show an error toast and throw the per-field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        status: 400,
        message: 'Please fix the highlighted fields',
        data: null,
        errors: { phone: 'Phone is required' },
      }),
    );
    const err = await apiWrite('/demo/create', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: 'Please fix the highlighted fields',
      errors: { phone: 'Phone is required' },
    });
    expect(notify).toHaveBeenCalledWith('error', 'Please fix the highlighted fields');
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("exposes the envelope code to branch on; answers without one get their status's generic code", async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        status: 409,
        message: 'This program is full. You can join the waitlist.',
        code: 'PROGRAM_FULL',
        data: null,
      }),
    );
    const full = (await apiWrite('/enrollments/create', {}).catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(full.code).toBe('PROGRAM_FULL');
    expect(full.is('PROGRAM_FULL')).toBe(true);
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
    fetchMock.mockResolvedValueOnce(json(409, { status: 409, message: 'x', code: 'NOT_A_REAL_CODE', data: null }));
    await expect(apiGet('/x')).rejects.toMatchObject({ code: 'CONFLICT' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('falls back to "Something went wrong" for network errors and bodies without a message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 0, message: 'Something went wrong' });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
    expect(notify.mock.calls).toEqual([
      ['error', 'Something went wrong'],
      ['error', 'Something went wrong'],
    ]);
  });

  it('can stay silent on failure', async () => {
    fetchMock.mockResolvedValue(json(404, { status: 404, message: 'Not found', data: null }));
    await expect(apiRequest('/user/profile', { notifyOnError: false })).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 401 with a token runs the lost-session handler; without a token it does not', async () => {
    const onLost = vi.fn();
    setUnauthorizedHandler(onLost);
    fetchMock.mockImplementation(async () => json(401, { status: 401, message: 'Please sign in again', data: null }));
    await expect(apiGet('/children/list')).rejects.toMatchObject({ status: 401 });
    expect(onLost).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledTimes(1);
    notify.mockReset();
    token = 'expired';
    await expect(apiGet('/children/list')).rejects.toMatchObject({ status: 401 });
    expect(onLost).toHaveBeenCalledTimes(1);
    // The handler says the session ended; the server's 401 sentence is not toasted as well.
    expect(notify).not.toHaveBeenCalled();
  });
});
