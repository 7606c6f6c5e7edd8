import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EditorApp } from "./editor-app.tsx";
import { pageWords, WordsContext } from "./words/use-words.ts";
import "../styles.css";
import "./editor.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <WordsContext value={pageWords()}>
      <EditorApp />
    </WordsContext>
  </StrictMode>,
);
