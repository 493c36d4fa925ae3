import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import IconButton from '@mui/material/IconButton';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion-cache.ts';
import { withComposedStyles } from './server-styles.ts';

describe('withComposedStyles', () => {
  it('sends every style a render made, also those only composed into others', () => {
    const cache = createEmotionCache();
    const server = createEmotionServer(cache);
    // MUI's IconButton is styled on ButtonBase: two styles made, one class on the element.
    const html = renderToString(
      <CacheProvider value={cache}>
        <IconButton aria-label="Close">x</IconButton>
      </CacheProvider>,
    );
    const critical = server.extractCriticalToChunks(html);
    const ids = (chunks: typeof critical) => chunks.styles.flatMap((chunk) => chunk.ids);
    const made = Object.keys(cache.inserted).filter((id) => typeof cache.inserted[id] === 'string');

    const composedOnly = made.filter((id) => !ids(critical).includes(id));
    expect(composedOnly.length).toBeGreaterThan(0);
    expect(composedOnly.every((id) => !html.includes(`css-${id}`))).toBe(true);

    const sent = withComposedStyles(cache, critical);
    expect(new Set(ids(sent))).toEqual(new Set(made));
    for (const id of composedOnly) expect(sent.styles.at(-1)!.css).toContain(`.css-${id}{`);
    // The page's own styles are sent as before, first.
    expect(sent.styles.slice(0, critical.styles.length)).toEqual(critical.styles);
  });

  it('adds nothing when every style is on an element', () => {
    const cache = createEmotionCache();
    const server = createEmotionServer(cache);
    const critical = server.extractCriticalToChunks(renderToString(<CacheProvider value={cache}>text</CacheProvider>));
    expect(withComposedStyles(cache, critical)).toBe(critical);
  });
});
