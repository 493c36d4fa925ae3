import { createContext, use, useContext } from 'react';
import type { ComponentType } from 'react';

/**
 * Code-split parts of server-rendered pages (decision 0027), instead of React.lazy:
 * - the server records which parts a page rendered (RenderedParts), names them in the page's
 *   state and links their chunks for early download (modulepreload);
 * - the browser loads those parts before it hydrates (preloadParts), so the page hydrates in one
 *   pass. With React.lazy a part stayed server HTML until its chunk arrived after hydration
 *   began: links there made full page loads and buttons did nothing.
 * A part's id is its module's path in the web app (`src/…`), the key of the build's manifest.
 */
export const RenderedParts = createContext<Set<string> | null>(null);

const preloaders = new Map<string, () => Promise<unknown>>();

export function lazyPart<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed download (offline) is tried again on the next render
        throw error;
      },
    ));
  preloaders.set(id, preload);
  function LazyPart(props: P) {
    useContext(RenderedParts)?.add(id);
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  LazyPart.displayName = `LazyPart(${id})`;
  return LazyPart;
}

/** Loads the parts a server-rendered page was rendered with (ids from its state). */
export const preloadParts = (ids: readonly string[]) =>
  Promise.all(
    ids.map((id) =>
      preloaders
        .get(id)?.()
        .catch(() => undefined),
    ),
  );
