/**
 * The bench's control: the same two interactions done the plainest way with
 * React — a controlled input, and Enter showing the next question after the
 * app's own slide duration — on a prerendered page that hydrates. Measured
 * beside the app in the same run, it tells what the browser, React and this
 * machine cost right now, so the budgets can judge the app's overhead alone.
 */
import { useState, type KeyboardEvent } from "react";
import { hydrateRoot } from "react-dom/client";
import { ANIMATION } from "../../../src/core/navigation.ts";

const ANIMATION_MS = ANIMATION.leaveMs + ANIMATION.enterMs;

function Control() {
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState("");
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    setTimeout(() => {
      setIndex((current) => current + 1);
      setValue("");
    }, ANIMATION_MS);
  };
  return (
    <main>
      <div className="question" key={index}>
        <h1>Pregunta {index + 1}: ¿Cuál es tu nombre completo?</h1>
        <input aria-label="Respuesta" value={value} onChange={(event) => setValue(event.target.value)} onKeyDown={onKeyDown} autoFocus={index > 0} />
      </div>
    </main>
  );
}

hydrateRoot(document.getElementById("root")!, <Control />);
