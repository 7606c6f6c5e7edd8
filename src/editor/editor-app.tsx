export function EditorApp() { return null; }
