/**
 * The newest message id this tab has seen (lists, histories, the socket). A reconnecting socket
 * sends it, and the server replays what came after; the caches dedupe by id, so an overlap is harmless.
 */
let newest = 0;

export function noteSeenIds(ids: readonly number[]) {
  for (const id of ids) if (id > newest) newest = id;
}

export const newestSeenId = () => newest;

/** On sign-out: the next account starts from nothing. */
export function forgetSeenIds() {
  newest = 0;
}
