/**
 * What `npm start` prints for the team: each local member's sign-in link to
 * /resultados (a session minted with the local JWT secret, valid one hour;
 * `npm run team -- link <e-mail>` prints a fresh one), or how to add the
 * first member.
 */
import { localSignInLink, SESSION_SECONDS } from "./local-session.ts";
import { listMembers, type TeamSource } from "./members.ts";
import { describeMember } from "./describe-member.ts";

/** `source`: the data API npm start runs, whose address the links' tokens name as their issuer. */
export async function teamLinks(source: Extract<TeamSource, { url: string }>, siteUrl: string): Promise<string> {
  const members = await listMembers(source).catch(() => []);
  if (members.length === 0) return `\nResults site: ${siteUrl}/resultados (no team members yet: npm run team -- add <e-mail> --role owner)`;
  const links = members.map((member) => `  ${describeMember(member)}\n  ${localSignInLink(siteUrl, member.email, { projectUrl: source.url })}`);
  return `\nResults site: sign-in links for the local team (valid ${SESSION_SECONDS / 60} minutes; npm run team -- link <e-mail> prints a new one):\n${links.join("\n")}`;
}
