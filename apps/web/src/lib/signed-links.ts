/**
 * Answers that carry links signed for the viewer (chat attachments, gallery photos) hold them for
 * 5 to 10 minutes (decision 0035). Such queries are fetched again before the links run out, and
 * on opening a page once they might have, so an image or a download never meets an expired link.
 */
const REFRESH_MS = 4 * 60 * 1000;

export const SIGNED_LINK_QUERY = { staleTime: REFRESH_MS, refetchInterval: REFRESH_MS, refetchOnMount: true } as const;
