// Loads that can overlap (a filter changed, a live event, a refresh after a decision) may answer out of order:
// under load the list of the filter left behind arrived after the one chosen and replaced it. Each call takes
// a ticket; only the newest ticket's answer is applied.
import { useCallback, useRef } from 'react';

/** A ticket per load: `isLatest()` is false once a newer load has started. */
export function useLatest(): () => { isLatest: () => boolean } {
  const counter = useRef(0);
  return useCallback(() => {
    const mine = ++counter.current;
    return { isLatest: () => mine === counter.current };
  }, []);
}
