/**
 * The results site's entry (its own build: scripts/vite-plugin-results-site.ts),
 * kept small: a sign-in link's first view starts here (first-view.ts), while
 * React, supabase-js and the app (boot.tsx) are still downloading.
 */
import { startFromLink } from "./first-view.ts";
// In the page's head (the build links it from index.html), as before the split.
import "./results.css";

startFromLink(window.location);
void import("./boot.tsx");
// The browser's first Intl formatter loads its locale data (50–120 ms in the bench's Chromium, more on a phone), and the summary's
// first figure needs one: made here while the first view's requests are in flight, it is not made after they answer.
(window.requestIdleCallback ?? setTimeout)(() => new Intl.NumberFormat(document.documentElement.lang).format(0));
