// The DOM matchers (toBeInTheDocument, toHaveValue…) are for the files that run in jsdom; the other
// files (more than three quarters of them) do not pay for loading them.
if (typeof document !== "undefined") await import("@testing-library/jest-dom/vitest");
export {};
