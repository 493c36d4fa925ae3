import type { Envelope } from '@kikstart/contract/common';

/** The success envelope. Every success is HTTP 200 so the web app's §8 rule applies. */
export const ok = <T>(data: T, message = 'OK'): Envelope<T> => ({ status: 200, message, data });
