/**
 * Where the app is (path and query) and how it moves on: the browser's own
 * history for the page, an in-memory one for the build's prerendering and
 * for tests. The site's pages are a fixed table from the survey files
 * (src/app.tsx matches it), so this and src/routing/router.tsx are the whole
 * router: about 0.3 KB gzip where a general-purpose one cost 12.8 KB of
 * every first load.
 */
export interface PageLocation {
  pathname: string;
  search: string;
}

export interface PageHistory {
  readonly location: PageLocation;
  /** Goes to a page of the site, as a new history entry (Back returns). */
  push(to: string): void;
  /** Calls `listener` on every change of location (push, Back, Forward); returns the unsubscribe. */
  listen(listener: (location: PageLocation) => void): () => void;
}

function historyOf(read: () => PageLocation, write: (to: string) => void, subscribeExternal?: (update: () => void) => void): PageHistory {
  const listeners = new Set<(location: PageLocation) => void>();
  let location = read();
  const update = () => {
    location = read();
    for (const listener of listeners) listener(location);
  };
  subscribeExternal?.(update);
  return {
    get location() {
      return location;
    },
    push(to) {
      write(to);
      update();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's history: push adds an entry, and Back and Forward move the app too. */
export function browserHistory(): PageHistory {
  return historyOf(
    () => ({ pathname: window.location.pathname, search: window.location.search }),
    (to) => window.history.pushState(null, "", to),
    (update) => window.addEventListener("popstate", update),
  );
}

/** A history that starts at `url` ("/foreign-form?utm_source=ig") and lives only in memory. */
export function memoryHistory(url: string): PageHistory {
  let current = new URL(url, "http://localhost");
  return historyOf(
    () => ({ pathname: current.pathname, search: current.search }),
    (to) => {
      current = new URL(to, current);
    },
  );
}
