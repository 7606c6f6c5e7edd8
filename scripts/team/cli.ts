/**
 * npm run team -- list
 * npm run team -- add <e-mail> [--role viewer|analyst|owner] [--personal]
 * npm run team -- remove <e-mail>
 * npm run team -- link <e-mail> [--aal2] [--site <url>]
 *
 * Through DATABASE_URL, else a hosted project (SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY), else the local data API. `link` prints a
 * sign-in link for the local data API only: a hosted project's members sign
 * in with the code or link Supabase Auth e-mails them.
 */
import type { Command } from "commander";
import { cli, subcommand } from "../lib/cli.ts";
import { hostedSource } from "../report/options.ts";
import { localSource } from "../report/local-source.ts";
import { resolveOptions } from "../data-api/options.ts";
import { localSignInLink } from "./local-session.ts";
import { describeMember } from "./describe-member.ts";
import { addMember, checkMember, listMembers, removeMember, TeamError, type TeamSource } from "./members.ts";
import { TEAM_ROLES } from "../sql/team-sql.ts";

/** Runs `work` on the team's database: DATABASE_URL, else the hosted project, else the local data API (stopped after). */
async function withSource(work: (source: TeamSource, hosted: boolean, projectUrl: string) => Promise<void>): Promise<void> {
  const hosted = hostedSource(process.env);
  const databaseUrl = process.env.DATABASE_URL;
  const local = databaseUrl || hosted ? null : await localSource();
  try {
    // The data API the site talks to (sign-in tokens name it as their issuer): the running one, else where npm start puts it.
    const projectUrl = local && !local.api ? local.source.url : `http://127.0.0.1:${resolveOptions().port}`;
    await work(databaseUrl ? { databaseUrl } : (hosted ?? local!.source), hosted !== null, projectUrl);
  } finally {
    await local?.api?.stop();
  }
}

const team = cli("npm run team --", "Lists, adds, removes the members of the results site's team, and prints a local sign-in link.", "npm run team -- add ana@example.org --role analyst");

subcommand(team, "list", "list the members and their roles", "npm run team -- list").action(() =>
  withSource(async (source) => {
    const members = await listMembers(source);
    console.log(members.length ? members.map(describeMember).join("\n") : "No members yet: npm run team -- add <e-mail> --role owner");
  }),
);

subcommand(team, "add", "add a member, or change the role of one", "npm run team -- add ana@example.org --role analyst --personal")
  .argument("<e-mail>", "the member's e-mail address (the one they sign in with)")
  .option("--role <role>", `what the member may see: ${TEAM_ROLES.join(", ")}`, "viewer")
  .option("--personal", "the member may also see the personal data (names, e-mails)")
  .action(async (email: string, values: { role: string; personal?: boolean }, command: Command) => {
    let member;
    try {
      member = { email: email.toLowerCase(), role: checkMember(email, values.role), personal: values.personal ?? false };
    } catch (error) {
      if (error instanceof TeamError) command.error(error.message);
      throw error;
    }
    await withSource((source) => addMember(source, member));
    console.log(`added: ${describeMember(member)}`);
  });

subcommand(team, "remove", "remove a member", "npm run team -- remove ana@example.org")
  .argument("<e-mail>", "the member's e-mail address")
  .action((email: string) => withSource(async (source) => console.log((await removeMember(source, email)) ? `removed: ${email}` : `${email} was not a member`)));

subcommand(team, "link", "print a sign-in link for a member (local data API only)", "npm run team -- link ana@example.org --aal2")
  .argument("<e-mail>", "the member's e-mail address")
  .option("--aal2", "a session as after the second factor (for the owner's pages)")
  .option("--site <url>", "the results site's address", `http://localhost:${process.env.PORT || 4173}`)
  .action((email: string, values: { aal2?: boolean; site: string }) =>
    withSource(async (source, hosted, projectUrl) => {
      if (hosted) throw new TeamError("[team] link is for the local data API; on a hosted project members sign in with the code or link Supabase Auth e-mails them (docs/operators/results-site.md)");
      const member = (await listMembers(source)).find((m) => m.email === email.toLowerCase());
      if (!member) throw new TeamError(`[team] ${email} is not a member: npm run team -- add ${email} --role viewer`);
      console.log(localSignInLink(values.site, member.email, { aal: values.aal2 ? "aal2" : "aal1", projectUrl }));
    }),
  );

await team.parseAsync();
