/** The results site's entry (its own build: scripts/vite-plugin-results-site.ts). */
import { createRoot } from "react-dom/client";
import { ResultsApp } from "./results-app.tsx";
import { SITE_WORDS, siteLanguage } from "./words/index.ts";
import "./results.css";

const language = siteLanguage(window.location.search);
const words = SITE_WORDS[language]!;
document.documentElement.lang = language;
document.title = words.title;
createRoot(document.getElementById("root")!).render(<ResultsApp words={words} language={language} />);
