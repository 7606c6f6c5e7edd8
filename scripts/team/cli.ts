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
import { parseArgs } from "node:util";
import { hostedSource } from "../report/options.ts";
import { localSource } from "../report/local-source.ts";
import { localSignInLink } from "./local-session.ts";
import { describeMember } from "./describe-member.ts";
import { addMember, checkMember, listMembers, removeMember, TeamError, type TeamSource } from "./members.ts";

const USAGE = "usage: npm run team -- list | add <e-mail> [--role viewer|analyst|owner] [--personal] | remove <e-mail> | link <e-mail> [--aal2] [--site <url>]";

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string", default: "viewer" }, personal: { type: "boolean", default: false }, aal2: { type: "boolean", default: false }, site: { type: "string", default: `http://localhost:${process.env.PORT || 4173}` } },
  });
  const [command, email] = positionals;
  if (!command || (command !== "list" && !email)) throw new TeamError(USAGE);
  const hosted = hostedSource(process.env);
  const databaseUrl = process.env.DATABASE_URL;
  const local = databaseUrl || hosted ? null : await localSource();
  const source: TeamSource = databaseUrl ? { databaseUrl } : (hosted ?? local!.source);
  try {
    if (command === "list") {
      const members = await listMembers(source);
      console.log(members.length ? members.map(describeMember).join("\n") : "No members yet: npm run team -- add <e-mail> --role owner");
    } else if (command === "add") {
      const member = { email: email!.toLowerCase(), role: checkMember(email!, values.role!), personal: values.personal! };
      await addMember(source, member);
      console.log(`added: ${describeMember(member)}`);
    } else if (command === "remove") {
      console.log((await removeMember(source, email!)) ? `removed: ${email}` : `${email} was not a member`);
    } else if (command === "link") {
      if (hosted) throw new TeamError("[team] link is for the local data API; on a hosted project members sign in with the code or link Supabase Auth e-mails them (docs/operators/results-site.md)");
      const member = (await listMembers(source)).find((m) => m.email === email!.toLowerCase());
      if (!member) throw new TeamError(`[team] ${email} is not a member: npm run team -- add ${email} --role viewer`);
      console.log(localSignInLink(values.site!, member.email, { aal: values.aal2 ? "aal2" : "aal1" }));
    } else {
      throw new TeamError(USAGE);
    }
  } finally {
    await local?.api?.stop();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof TeamError || error.name === "ReportUsageError" ? error.message : error.stack);
  process.exit(1);
});
