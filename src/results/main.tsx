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
