import { Suspense, createContext, lazy, use, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';

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
/** Parts a visitor is likely to ask for soon on any page (the demo dialog, the nav drawer). */
const likelyParts = new Set<string>();

/**
 * `likely`: the part is loaded once the page runs and the browser is idle (loadLikelyParts), so the
 * tap that first shows it does not wait for its download and evaluation.
 */
export function lazyPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  { likely = false }: { likely?: boolean } = {},
): ComponentType<P> {
  if (likely) likelyParts.add(id);
  let loaded: ComponentType<P> | undefined;
  const preload = loadOnce(() => load().then((component) => (loaded = component)));
  preloaders.set(id, preload);
  function LazyPart(props: P) {
    useContext(RenderedParts)?.add(id);
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  LazyPart.displayName = `LazyPart(${id})`;
  // For a link's hint to load the page ahead (link-prefetch.ts).
  LazyPart.preload = preload;
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

/** Loads the likely parts, one per idle moment, so none holds the main thread for long. */
export function loadLikelyParts() {
  const ids = [...likelyParts];
  const next = () => {
    const id = ids.shift();
    if (!id) return;
    void preloaders
      .get(id)?.()
      .catch(() => undefined)
      .finally(() => whenIdle(next));
  };
  whenIdle(next);
}

const whenIdle = (task: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 200);
};

/**
 * A client-rendered page's component, loaded on first render (React.lazy) or ahead of it through
 * `preload`, which a link's hint calls (link-prefetch.ts): one download either way. `skeleton`: what
 * stands in the page's place while its code loads, in its shape (components/page-skeletons.tsx);
 * without one, the nearest boundary's fallback shows.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { skeleton }: { skeleton?: ReactNode } = {},
) {
  const preload = loadOnce(() => load().then((component) => ({ default: component })));
  const Page = lazy(preload) as unknown as ComponentType<P>;
  if (skeleton === undefined) return Object.assign(Page, { preload });
  function PageWhileLoading(props: P) {
    return (
      <Suspense fallback={skeleton}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(PageWhileLoading, { preload });
}

/** `load` run once, its promise shared; a failed download (offline) is tried again on the next call. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
