/**
 * npm run team -- list
 * npm run team -- add <e-mail> [--role viewer|analyst|owner] [--personal]
 * npm run team -- remove <e-mail>
 * npm run team -- link <e-mail> [--aal2] [--site <url>]
 * npm run team -- share create --survey <id> [--until YYYY-MM-DD] [--questions a,b] [--crosstabs] …
 * npm run team -- share list
 * npm run team -- share revoke <id>
 *
 * Through DATABASE_URL, else a hosted project (SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY), else the local data API. `link` prints a
 * sign-in link for the local data API only: a hosted project's members sign
 * in with the code or link Supabase Auth e-mails them.
 */
import { InvalidArgumentError, type Command } from "commander";
import { cli, subcommand, wholeNumber } from "../lib/cli.ts";
import { resolveOptions } from "../data-api/options.ts";
import { localSignInLink } from "./local-session.ts";
import { describeMember } from "./describe-member.ts";
import { addMember, checkMember, listMembers, removeMember, TeamError, type TeamSource } from "./members.ts";
import { TEAM_ROLES } from "../sql/team-sql.ts";
import { createShare, listShares, revokeShare, type ShareLink } from "./shares.ts";

/** Runs `work` on the team's database: DATABASE_URL, else the hosted project, else the local data API (stopped after). */
async function withSource(work: (source: TeamSource, hosted: boolean, projectUrl: string) => Promise<void>): Promise<void> {
  // Loaded when a command runs (the surveys, the local data API): --help and a usage mistake answer without them.
  const [{ hostedSource }, { localSource }] = await Promise.all([import("../report/options.ts"), import("../report/local-source.ts")]);
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

const share = subcommand(team, "share", "make, list and revoke public links to a survey's results (aggregates only, small groups withheld)", "npm run team -- share create --survey medical-form --crosstabs");

/** The address of a link's page: the token after #, which browsers never send to a server. */
const pageOf = (site: string, survey: string, token: string) => `${site.replace(/\/$/, "")}/resultados/publico/${encodeURIComponent(survey)}/#${token}`;

const describeShare = (link: ShareLink) =>
  `${link.id}  ${link.survey}  made by ${link.madeBy} at ${link.madeAt}${link.revokedAt ? `  REVOKED ${link.revokedAt}` : link.expiresAt ? `  expires ${link.expiresAt}` : ""}
    filter ${JSON.stringify(link.filters)}; questions ${link.questions.join(", ")}; minimum group ${link.minimumGroup}${link.crosstabs ? "; cross-tabs" : ""}${link.freeTexts ? "; free texts" : ""}`;

const pair = (value: string, previous: Record<string, string> = {}) => {
  const at = value.indexOf("=");
  if (at < 1) throw new InvalidArgumentError("It must be name=value");
  return { ...previous, [value.slice(0, at)]: value.slice(at + 1) };
};

subcommand(share, "create", "make a link; prints its address once (the database keeps only the token's hash)", "npm run team -- share create --survey medical-form --until 2026-11-30 --questions genero,cidade --crosstabs")
  .requiredOption("--survey <id>", "the survey whose results the link shows")
  .option("--from <day>", "the first day of responses shown (YYYY-MM-DD, in the survey's time zone)")
  .option("--until <day>", "the last day shown (YYYY-MM-DD, before today; yesterday when left out)")
  .option("--where <field=value>", "only responses with this hidden field's value (repeatable)", pair)
  .option("--answer <question=value>", "only responses with this answer of a single choice question")
  .option("--questions <ids>", "the questions shown, comma-separated (default: every single and multiple choice that is not personal)")
  .option("--free-texts", "also show free texts (of text questions listed and 'other' answers), without their times")
  .option("--crosstabs", "offer cross-tabs of any two of the link's questions")
  .option("--minimum-group <n>", "the smallest group shown (never below the survey's minimumGroup)", wholeNumber, 11)
  .option("--expires <time>", "when the link stops working (an ISO date or time)")
  .option("--site <url>", "the site's address, for the link printed", `http://localhost:${process.env.PORT || 4173}`)
  .action((values: { survey: string; from?: string; until?: string; where?: Record<string, string>; answer?: string; questions?: string; freeTexts?: boolean; crosstabs?: boolean; minimumGroup: number; expires?: string; site: string }, command: Command) => {
    let answer: Record<string, string> | undefined;
    try {
      answer = values.answer ? pair(values.answer) : undefined;
    } catch {
      command.error(`--answer ${values.answer}: it must be question=value`);
    }
    if (values.expires && Number.isNaN(Date.parse(values.expires))) command.error(`--expires ${values.expires}: not a date or time`);
    const filters = {
      ...(values.from && { from: values.from }),
      ...(values.until && { until: values.until }),
      ...(values.where && { hidden: values.where }),
      ...(answer && { answer: { question: Object.keys(answer)[0], value: Object.values(answer)[0] } }),
    };
    return withSource(async (source) => {
      const made = await createShare(source, {
        survey: values.survey, filters, questions: values.questions ? values.questions.split(",").map((id) => id.trim()).filter(Boolean) : null,
        freeTexts: values.freeTexts ?? false, crosstabs: values.crosstabs ?? false, minimumGroup: values.minimumGroup, expiresAt: values.expires ? new Date(values.expires).toISOString() : null,
      });
      console.log(`made: ${describeShare({ ...made, madeBy: made.madeBy ?? "you", revokedAt: null })}`);
      console.log(`page (shown once; the database keeps only its hash): ${pageOf(values.site, made.survey, made.token)}`);
    });
  });

subcommand(share, "list", "list every link, who made it and when, and whether it is revoked", "npm run team -- share list").action(() =>
  withSource(async (source) => {
    const links = await listShares(source);
    console.log(links.length ? links.map(describeShare).join("\n") : "No share links yet: npm run team -- share create --survey <id>");
  }),
);

subcommand(share, "revoke", "revoke a link at once (its page then answers 404)", "npm run team -- share revoke 7d1c…")
  .argument("<id>", "the link's id, as share list prints it")
  .action((id: string, _values: unknown, command: Command) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) command.error(`${id}: a link's id is a UUID (npm run team -- share list)`);
    return withSource(async (source) => console.log((await revokeShare(source, id)) ? `revoked: ${id}` : `${id} was not a live link`));
  });

await team.parseAsync();
