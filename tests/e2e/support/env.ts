/**
 * The shared stacks' addresses, handed from the global setup to the workers
 * through environment variables (Playwright starts the workers after the
 * global setup, with its environment): the product's surveys, and the
 * fixture sets (support/fixture-sets.ts).
 */
import type { Stack } from "./stack.ts";

/** What a spec reads of a stack it does not own: where the app is served and how to reach its data API. */
export interface StackAddresses {
  baseURL: string;
  api: { url: string; dbUrl: string; anonKey: string; serviceRoleKey: string };
}

export interface SharedStack {
  baseURL: string;
  apiUrl: string;
  serviceRoleKey: string;
}

type Which = "product" | "fixtures";
const PREFIX: Record<Which, string> = { product: "E2E", fixtures: "E2E_FIXTURES" };
const FIELDS = { baseURL: "BASE_URL", url: "API_URL", dbUrl: "DB_URL", anonKey: "ANON_KEY", serviceRoleKey: "SERVICE_ROLE_KEY" } as const;

export function exposeStack(which: Which, stack: Stack): void {
  const set = (field: keyof typeof FIELDS, value: string) => (process.env[`${PREFIX[which]}_${FIELDS[field]}`] = value);
  set("baseURL", stack.baseURL);
  set("url", stack.api.url);
  set("dbUrl", stack.api.dbUrl);
  set("anonKey", stack.api.anonKey);
  set("serviceRoleKey", stack.api.serviceRoleKey);
}

export function stackAddresses(which: Which): StackAddresses {
  const read = (field: keyof typeof FIELDS) => {
    const name = `${PREFIX[which]}_${FIELDS[field]}`;
    const value = process.env[name];
    if (!value) throw new Error(`[e2e] ${name} is not set: run the tests with \`npx playwright test\` (the global setup sets it)`);
    return value;
  };
  return { baseURL: read("baseURL"), api: { url: read("url"), dbUrl: read("dbUrl"), anonKey: read("anonKey"), serviceRoleKey: read("serviceRoleKey") } };
}

/** The product's stack, as most specs use it. */
export function sharedStack(): SharedStack {
  const { baseURL, api } = stackAddresses("product");
  return { baseURL, apiUrl: api.url, serviceRoleKey: api.serviceRoleKey };
}
