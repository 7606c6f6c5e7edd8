/** The address's query as state: go() pushes a new one (Back returns to the previous view), popstate reads it. */
import { useCallback, useEffect, useState } from "react";

export function useAddress(): [string, (search: string) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const go = useCallback((next: string) => {
    const query = next.replace(/^\?/, "");
    // The fragment stays: a sign-in link's session in it may not have been read by supabase-js yet (auth-client.ts).
    window.history.pushState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`);
    setSearch(window.location.search);
  }, []);
  return [search, go];
}

/** One parameter changed (or removed with null), the others kept. */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  return params.toString();
}
