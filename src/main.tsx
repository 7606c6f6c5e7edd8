import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, preloadPage } from "./app.tsx";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The production build prerenders every route (see scripts/vite-plugin-prerender.ts); the dev server does not.
// Hydration starts once the page's own chunk has loaded, so that it finds the prerendered page whole. As a
// transition, it yields to the browser every few milliseconds instead of holding the main thread until the
// whole page is live; the prerendered page is already on screen meanwhile.
if (root.firstElementChild) void preloadPage(window.location.pathname).then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
