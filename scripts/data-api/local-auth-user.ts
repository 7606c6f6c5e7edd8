/**
 * The one Auth route the local data API answers: GET /auth/v1/user, which
 * supabase-js calls when it reads a session from a sign-in link. This is
 * NOT Supabase Auth (no users, no e-mail, no refresh, no TOTP): it checks the
 * access token's HS256 signature with the local JWT secret and its expiry,
 * and describes the user from the token's own claims, as Supabase Auth
 * describes the user the token was minted for. Every other /auth/v1 route
 * answers 404, so a refresh fails and the session ends with its hour.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { JWT_SECRET } from "./keys.ts";

/** The token's claims when its signature and expiry hold, else null. */
export function verifiedClaims(token: string, secret = JWT_SECRET, now = Date.now()): Record<string, unknown> | null {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    return typeof claims.exp === "number" && claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}

/** GET /auth/v1/user's answer for a bearer token: [status, body] in Supabase Auth's shape. */
export function localUser(authorization: string | undefined): [number, object] {
  const token = authorization?.replace(/^Bearer\s+/i, "") ?? "";
  const claims = verifiedClaims(token);
  if (!claims || claims.role !== "authenticated") return [403, { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token is expired" }];
  return [200, {
    id: claims.sub, aud: claims.aud, role: claims.role, email: claims.email, phone: claims.phone ?? "",
    app_metadata: claims.app_metadata ?? {}, user_metadata: claims.user_metadata ?? {}, identities: [], is_anonymous: false,
    created_at: new Date(Number(claims.iat ?? 0) * 1000).toISOString(), updated_at: new Date(Number(claims.iat ?? 0) * 1000).toISOString(),
  }];
}
