import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { dashboardQuerySchema, type DashboardQuery } from '@kikstart/contract/admin-dashboard';
import { addDays, programToday } from '@kikstart/contract/schedule';

/** The dashboard's default: the last 30 days, today included (today where the programs run). */
export function defaultRange(now: Date): DashboardQuery {
  const to = programToday(now);
  return { from: addDays(to, -29), to };
}

/**
 * The dashboard's range, kept in the URL (`?from=…&to=…`) so a reload or a shared link shows the
 * same numbers. `range` is null while the fields hold a range the API would refuse; `error`
 * says why, with the contract's message.
 */
export function useDateRange() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange(new Date());
  const values = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const parsed = dashboardQuerySchema.safeParse(values);
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  // Two edits before the next render (both fields typed at once) must both stick: the second
  // merges into the first, not into the range this render read from the URL.
  const pending = useRef<DashboardQuery | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = (changes: Partial<DashboardQuery>) => {
    const merged = { ...(pending.current ?? values), ...changes };
    pending.current = merged;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', merged.from);
        next.set('to', merged.to);
        return next;
      },
      { replace: true },
    );
  };
  return { values, range: parsed.success ? parsed.data : null, error, update };
}
