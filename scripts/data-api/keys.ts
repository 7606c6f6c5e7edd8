// The Supabase CLI's local JWT secret and the demo keys it prints. They are public
// on purpose: every local Supabase stack uses them, so code and docs written for
// `supabase start` work unchanged against this data API.
import { createHmac } from "node:crypto";

export const JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** Expiry of the CLI's demo keys (2032-11-12). */
const DEMO_KEY_EXPIRY = 1983812996;

const base64url = (text: string): string => Buffer.from(text).toString("base64url");

/** Signs an HS256 JWT. Claims are serialised in insertion order, as the CLI does. */
export function signJwt(claims: Record<string, unknown>, secret = JWT_SECRET): string {
  const unsigned = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createHmac("sha256", secret).update(unsigned).digest("base64url");
  return `${unsigned}.${signature}`;
}

export const ANON_KEY = signJwt({ iss: "supabase-demo", role: "anon", exp: DEMO_KEY_EXPIRY });

export const SERVICE_ROLE_KEY = signJwt({
  iss: "supabase-demo",
  role: "service_role",
  exp: DEMO_KEY_EXPIRY,
});
