/**
 * supabase-js (supabase.ts, some 170 KB before compression, React's size),
 * loaded apart: the first figures need none of it (first-view.ts asks for
 * them with the sign-in link's token), so opened by a link the site loads it
 * once they are painted, or as soon as anything asks for it (a request, the
 * sign-in, the second factor, the "not a member" page); without a link, at
 * once. On loading it reads the session from the address's fragment, checks
 * it (/auth/v1/user) and persists it, as it always did.
 */
import type { SupabaseClient } from "@supabase/supabase-js";

type ClientModule = typeof import("./supabase.ts");

let loading: Promise<ClientModule> | null = null;
let announce: (client: SupabaseClient) => void = () => {};

/** The client, once something has loaded it (the results app subscribes to the session then). */
export const clientLoaded = new Promise<SupabaseClient>((resolve) => (announce = resolve));

function clientModule(): Promise<ClientModule> {
  return (loading ??= import("./supabase.ts").then((module) => (announce(module.supabase), module)));
}

/** supabase-js's client, its chunk loaded by the first call. */
export const authClient = async (): Promise<SupabaseClient> => (await clientModule()).supabase;

/** A results function, through PostgREST's rpc with the signed-in member's token (supabase.ts). */
export async function rpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  return (await clientModule()).rpc<T>(name, args);
}
