import { createContext, startTransition, use, useEffect, useMemo, useState, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import type { PageHistory, PageLocation } from "./page-history.ts";

interface RouterState {
  location: PageLocation;
  navigate: (to: string) => void;
}

const RouterContext = createContext<RouterState | null>(null);

/**
 * Gives the pages below it the location of `history` and a way to move. A
 * move renders as a transition, so the page on screen stays until the next
 * one's chunk has loaded instead of blanking to the Suspense fallback.
 */
export function Router({ history, children }: { history: PageHistory; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    const stop = history.listen((next) => startTransition(() => setLocation(next)));
    // A move between the first render and this effect would otherwise go unseen.
    setLocation(history.location);
    return stop;
  }, [history]);
  const state = useMemo(() => ({ location, navigate: (to: string) => history.push(to) }), [history, location]);
  return <RouterContext value={state}>{children}</RouterContext>;
}

function useRouter(): RouterState {
  const state = use(RouterContext);
  if (!state) throw new Error("useLocation, useNavigate and Link need a <Router> above them (src/routing/router.tsx)");
  return state;
}

export const useLocation = (): PageLocation => useRouter().location;

export const useNavigate = (): ((to: string) => void) => useRouter().navigate;

/** A link to a page of the site: a click moves in place; a click that asks for a new tab or window is left to the browser. */
export function Link({ to, onClick, ...props }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (props.target ?? "_self") !== "_self";
    if (event.defaultPrevented || newTab) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...props} href={to} onClick={follow} />;
}
