import type { EmotionCache } from '@emotion/cache';

/** What @emotion/server's extractCriticalToChunks returns. */
interface CriticalStyles {
  html: string;
  styles: { key: string; ids: string[]; css: string }[];
}

/**
 * Adds the styles a page's components made that no element carries. A styled component built on
 * another (MUI's IconButton on ButtonBase) makes a class of its own, which the inner one folds
 * into the class it puts on the element; emotion's critical extraction leaves such classes out
 * as unused, so the browser made each one again while hydrating (stylis and insertRule: ≈ 170
 * rules on the home page, in the hydration's one commit). Sent with their ids, the browser's
 * cache counts them as made. Their CSS is sent too, not only their ids, so a later element that
 * does carry one of these classes is styled.
 */
export function withComposedStyles(cache: EmotionCache, critical: CriticalStyles): CriticalStyles {
  const sent = new Set(critical.styles.flatMap((chunk) => chunk.ids));
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (sent.has(id) || typeof rules !== 'string' || cache.registered[`${cache.key}-${id}`] === undefined) continue;
    ids.push(id);
    css += rules;
  }
  return ids.length ? { ...critical, styles: [...critical.styles, { key: cache.key, ids, css }] } : critical;
}
