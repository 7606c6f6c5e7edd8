/** A share link's page (its own entry of the results build: publico/index.html). The token is the address's fragment. */
import { createRoot } from "react-dom/client";
import "../results.css";
import { SITE_WORDS, siteLanguage } from "../words/index.ts";
import { SharedPage } from "./shared-page.tsx";

const language = siteLanguage(window.location.search);
document.documentElement.lang = language;
// /resultados/publico/<survey>/#<token>
const survey = window.location.pathname.split("/").filter(Boolean).at(-1) ?? "";
createRoot(document.getElementById("root")!).render(<SharedPage token={decodeURIComponent(window.location.hash.slice(1))} survey={survey} words={SITE_WORDS[language]!} language={language} />);
