import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, preloadPage } from "./app.tsx";
import { takeEarlyInput } from "./early-input-records.ts";
import { EarlyInputReplay } from "./early-input.tsx";
import "./styles.css";

const root = document.getElementById("root")!;
const site = (earlyInput: ReturnType<typeof takeEarlyInput>) => (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
    <EarlyInputReplay records={earlyInput} />
  </StrictMode>
);

/**
 * Hydration starts once the page's own chunk has loaded, so that it finds the prerendered page whole. As a
 * transition, it yields to the browser every few milliseconds instead of holding the main thread until the whole
 * page is live; the prerendered page is already on screen meanwhile. Input made on it before this point is
 * replayed once it has hydrated; from this point on React's own listeners see every event.
 */
function hydrate() {
  const earlyInput = takeEarlyInput();
  startTransition(() => void hydrateRoot(root, site(earlyInput)));
}

// The production build prerenders every route (see scripts/vite-plugin-prerender.ts); the dev server does not.
if (root.firstElementChild) void preloadPage(window.location.pathname).then(hydrate);
else createRoot(root).render(site([]));
