// The text question's input: it takes the question's type as the input's type, and a number's keyboard.
export { default } from "../text/input.tsx";
