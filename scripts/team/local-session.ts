/**
 * Sessions for the local data API, where Supabase Auth cannot run: an access
 * token signed with the local JWT secret carrying exactly the claims
 * Supabase Auth puts in its tokens (sub, email, role: authenticated, aal,
 * session_id, exp at most an hour away…), so that PostgREST and
 * auth.jwt() see what they would see in production. The sign-in link puts
 * the session in the address's fragment, as Supabase Auth's magic link
 * does (#access_token=…&expires_in=…&token_type=bearer…), which supabase-js
 * reads and persists. Never used with a hosted project: its tokens come
 * from its own Auth server.
 */
import { createHash, randomUUID } from "node:crypto";
import { JWT_SECRET, signJwt } from "../data-api/keys.ts";

/** Supabase Auth's default access-token lifetime, and the most a local link carries. */
export const SESSION_SECONDS = 3600;

/** A stable user id for an e-mail (Supabase keeps one per user; locally there is no users table). */
export function localUserId(email: string): string {
  const hex = createHash("sha256").update(`local-user:${email.toLowerCase()}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface LocalSessionOptions {
  /** Authenticator level: aal2 after a TOTP challenge. */
  aal?: "aal1" | "aal2";
  /** Seconds until it expires (at most SESSION_SECONDS; negative for an expired token in tests). */
  expiresIn?: number;
  secret?: string;
  /** The Auth server's address (iss): the project URL + /auth/v1. */
  projectUrl?: string;
  now?: number;
}

export function localAccessToken(email: string, options: LocalSessionOptions = {}): string {
  const aal = options.aal ?? "aal1";
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const expiresIn = Math.min(options.expiresIn ?? SESSION_SECONDS, SESSION_SECONDS);
  const amr = [{ method: "otp", timestamp: iat }, ...(aal === "aal2" ? [{ method: "totp", timestamp: iat }] : [])];
  return signJwt(
    {
      iss: `${options.projectUrl ?? "http://127.0.0.1:54321"}/auth/v1`,
      sub: localUserId(email),
      aud: "authenticated",
      exp: iat + expiresIn,
      iat,
      email: email.toLowerCase(),
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
      role: "authenticated",
      aal,
      amr,
      session_id: randomUUID(),
      is_anonymous: false,
    },
    options.secret ?? JWT_SECRET,
  );
}

/** The sign-in link: the site's /resultados with the session in the fragment, as Supabase Auth's redirect after a magic link. */
export function localSignInLink(siteUrl: string, email: string, options: LocalSessionOptions = {}): string {
  const expiresIn = Math.min(options.expiresIn ?? SESSION_SECONDS, SESSION_SECONDS);
  const token = localAccessToken(email, { ...options, expiresIn });
  const expiresAt = Math.floor((options.now ?? Date.now()) / 1000) + expiresIn;
  const fragment = new URLSearchParams({ access_token: token, expires_at: String(expiresAt), expires_in: String(expiresIn), refresh_token: randomUUID(), token_type: "bearer", type: "magiclink" });
  return `${siteUrl.replace(/\/$/, "")}/resultados#${fragment}`;
}
