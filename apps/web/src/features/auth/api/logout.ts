import { ACCESS_TOKEN_HEADER, API_BASE_URL } from '../../../lib/api-client.ts';

/**
 * POST /api/user/logout: revokes the token on the server. Sent with plain fetch and the token
 * passed in, because the cookie is already gone when it runs, a failure must not toast, and a
 * 401 must not trigger the lost-session handler (which would log out again). keepalive lets
 * it finish while the app navigates away.
 */
export async function revokeToken(token: string): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE_URL}/user/logout`, {
      method: 'POST',
      headers: { accept: 'application/json', [ACCESS_TOKEN_HEADER]: token },
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
