import createCache from '@emotion/cache';

/**
 * The style cache, the same on the server and in the browser (key `css`: the browser's cache
 * takes over the server's style tags when a page hydrates). Without emotion's vendor prefixer:
 * the build targets browsers from 2022 on (vite.config.ts, es2022), which need none of its
 * -webkit-/-ms- copies. They made a public page's inline CSS about a third larger and were
 * computed again for every style in the browser (decision 0027).
 */
export const createEmotionCache = () => createCache({ key: 'css', stylisPlugins: [] });
