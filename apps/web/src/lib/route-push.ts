/** Lets code outside React (the API client, the session logic) navigate (spec §2). */
export const ROUTE_PUSH_EVENT = 'kikstart:route-push';

export interface RoutePushDetail {
  path: string;
  replace?: boolean;
}

export function pushRoute(path: string, options: { replace?: boolean } = {}) {
  window.dispatchEvent(
    new CustomEvent<RoutePushDetail>(ROUTE_PUSH_EVENT, { detail: { path, replace: options.replace } }),
  );
}
