/**
 * A share link's read: POST /rest/v1/rpc/<name> with the anon key alone, as
 * anyone who opens the link is; a 404 (an unknown, expired or revoked token:
 * the database answers them alike) is the Error "notFound".
 */
import { ANON_KEY, PROJECT_URL } from "../project.ts";

export async function sharedRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${PROJECT_URL}/rest/v1/rpc/${name}`, {
    method: "POST",
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  if (response.status === 404) throw new Error("notFound");
  const text = await response.text();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${(JSON.parse(text || "{}") as { message?: string }).message ?? ""}`);
  return JSON.parse(text) as T;
}
