/** The Supabase project the results site talks to (the build's VITE_SUPABASE_URL and anon key). */
const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

export const PROJECT_URL = url ?? "http://127.0.0.1:54321";
export const ANON_KEY = anonKey ?? "missing";
