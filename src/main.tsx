import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { browserHistory } from "./routing/page-history.ts";
import { Router } from "./routing/router.tsx";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Router history={browserHistory()}>
      <App />
    </Router>
  </StrictMode>
);

// The production build prerenders every route (see scripts/vite-plugin-prerender.ts); the dev server does not.
// As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
// until the whole page is live; the prerendered page is already on screen meanwhile.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
