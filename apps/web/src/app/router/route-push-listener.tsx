import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTE_PUSH_EVENT } from '../../lib/route-push.ts';
import type { RoutePushDetail } from '../../lib/route-push.ts';

/** Turns route-push events from non-React code into router navigation (spec §2). */
export function RoutePushListener() {
  const navigate = useNavigate();
  useEffect(() => {
    const onPush = (event: Event) => {
      const detail = (event as CustomEvent<RoutePushDetail>).detail;
      if (detail?.path) void navigate(detail.path, { replace: detail.replace });
    };
    window.addEventListener(ROUTE_PUSH_EVENT, onPush);
    return () => window.removeEventListener(ROUTE_PUSH_EVENT, onPush);
  }, [navigate]);
  return null;
}
