/**
 * Rows of a long list appear in batches, one batch per frame, instead of all in one commit.
 *
 * Rendering 50 table rows was cheap for React once time-sliced (useDeferredValue), but the browser
 * then styled and laid out all 50 rows (hundreds of elements under daisyUI's selectors) in the one
 * frame that inserted them: a task over 50 ms. Here the first `batch` rows
 * commit at once (what a screen shows first) and each following frame adds `batch` more in a
 * transition, so every frame styles only a few rows and input stays responsive.
 *
 * `page` (the list's page or filter) starts the reveal again; new data for the same page (a refetch
 * after an edit) keeps the rows already shown, so nothing shrinks or jumps under the user.
 */
import { startTransition, useEffect, useState } from "react";

export function useRevealedRows<T>(
  items: readonly T[] | undefined,
  page: unknown,
  batch = 10,
): readonly T[] | undefined {
  const [state, setState] = useState({ page, count: batch });
  // Reset during render (not in an effect) so a new page never commits all of its rows first.
  let count = state.count;
  if (!Object.is(state.page, page)) {
    count = batch;
    setState({ page, count });
  }
  const total = items?.length ?? 0;
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => {
      startTransition(() => setState((s) => Object.is(s.page, page) ? { page, count: s.count + batch } : s));
    });
    return () => cancelAnimationFrame(frame);
  }, [count, total, page, batch]);
  return items && count < items.length ? items.slice(0, count) : items;
}
