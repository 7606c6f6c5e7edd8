/**
 * The shared stack's addresses, handed from the global setup to the workers
 * through environment variables (Playwright starts the workers after the
 * global setup, with its environment).
 */
import type { Stack } from "./stack.ts";

const KEYS = { baseURL: "E2E_BASE_URL", apiUrl: "E2E_API_URL", serviceRoleKey: "E2E_SERVICE_ROLE_KEY" } as const;

export interface SharedStack {
  baseURL: string;
  apiUrl: string;
  serviceRoleKey: string;
}

export function exposeStack(stack: Stack): void {
  process.env[KEYS.baseURL] = stack.baseURL;
  process.env[KEYS.apiUrl] = stack.api.url;
  process.env[KEYS.serviceRoleKey] = stack.api.serviceRoleKey;
}

export function sharedStack(): SharedStack {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`[e2e] ${name} is not set: run the tests with \`npx playwright test\` (the global setup sets it)`);
    return value;
  };
  return { baseURL: read(KEYS.baseURL), apiUrl: read(KEYS.apiUrl), serviceRoleKey: read(KEYS.serviceRoleKey) };
}
