import type { z } from 'zod';
import { envelopeSchema, type Envelope } from '@kikstart/contract/common';

/** The success envelope. Every success is HTTP 200 so the web app's §8 rule applies. */
export const ok = <T>(data: T, message = 'OK'): Envelope<T> => ({ status: 200, message, data });

/**
 * A route's `schema.response`: the 200 envelope around `data`, from the contract's zod schema.
 * OpenAPI documents it, the serializer drops keys the schema does not name (a new column
 * cannot leak), and the answer is checked: a shape that does not match is a logged 500.
 * Error answers are the error handler's envelope, with their `code`.
 */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });
