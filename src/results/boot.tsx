/** The results app, loaded by the entry (main.tsx) once it has started the first view's requests. */
import { createRoot } from "react-dom/client";
import { ResultsApp } from "./results-app.tsx";
import { SITE_WORDS, siteLanguage } from "./words/index.ts";

const language = siteLanguage(window.location.search);
const words = SITE_WORDS[language]!;
document.documentElement.lang = language;
document.title = words.title;
createRoot(document.getElementById("root")!).render(<ResultsApp words={words} language={language} />);
