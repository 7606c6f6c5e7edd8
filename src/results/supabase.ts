/**
 * The team's supabase-js client: the session persisted as supabase-js does
 * (localStorage), read from a sign-in link's fragment (#access_token=…), as
 * Supabase Auth's magic link leaves it. Locally the link is printed by
 * `npm start` and the data API's gateway answers /auth/v1/user for it
 * (scripts/data-api/local-auth-user.ts); in production Supabase Auth does.
 */
import { createClient } from "@supabase/supabase-js";
import { ANON_KEY, PROJECT_URL } from "./project.ts";
import { DatabaseRefusal } from "./refusal.ts";

export const supabase = createClient(PROJECT_URL, ANON_KEY, {
  auth: { persistSession: true, detectSessionInUrl: true, autoRefreshToken: true, flowType: "implicit" },
});

/** A results function, through PostgREST's rpc with the signed-in member's token; a refusal keeps its code and details (refusal.ts). */
export async function rpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await supabase.rpc(name, args);
  if (error) throw new DatabaseRefusal(error, name);
  return data as T;
}
