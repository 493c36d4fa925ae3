/**
 * Same text as FALLBACK_ERROR_MESSAGE in @kikstart/contract/common (spec §8). Copied, not
 * imported: that module builds zod schemas at load time, which would put zod in the landing chunk.
 */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';
