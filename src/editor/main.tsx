import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EditorApp } from "./editor-app.tsx";
import "../styles.css";
import "./editor.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <EditorApp />
  </StrictMode>,
);
