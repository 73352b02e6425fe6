/**
 * A dashboard section's deep link: `?open=<id>` (the inbox's links) opens that record's dialog. The
 * callback runs whenever the address names a record; `clear` drops the parameter again when the
 * dialog closes, so the same link opens it a second time.
 */
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";

export function useOpenParam(open: (id: number) => void): () => void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    const id = Number(new URLSearchParams(search).get("open"));
    if (Number.isInteger(id) && id > 0) opener.current(id);
  }, [search]);
  return useCallback(() => {
    const params = new URLSearchParams(search);
    if (!params.has("open")) return;
    params.delete("open");
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);
}
