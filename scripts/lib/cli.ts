/**
 * The command-line convention of every npm script that takes arguments
 * (docs/developers/scripts.md), on commander: `--help` on each command and
 * subcommand with one example, `--version` on the top level, a usage mistake
 * (unknown option, missing argument, bad value) answered with ONE line, the
 * usage and exit code 2, and a failure while running (a wrong survey id, a
 * missing key, a database that does not answer) with its message and exit
 * code 1. A stack trace only with DEBUG=1: a user's mistake is never one.
 */
import { readFileSync } from "node:fs";
import { Command, Help, InvalidArgumentError, type HelpContext, type Option } from "commander";

export const USAGE_EXIT_CODE = 2;

/** A failure the user can act on (a value, a file, a setting): its message is all they need, no stack. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** Marks required options in the help, as commander marks nothing. */
class CliHelp extends Help {
  override optionDescription(option: Option): string {
    const description = super.optionDescription(option);
    return option.mandatory ? `${description} (required)` : description;
  }
}

class Cli extends Command {
  override createCommand(name?: string): Cli {
    return new Cli(name);
  }

  override createHelp(): Help {
    return Object.assign(new CliHelp(), this.configureHelp());
  }

  /** Every usage error commander finds, and those a command raises with `command.error(…)`: one line, then exit 2. */
  override error(message: string, options?: { code?: string }): never {
    // commander checks the required options before the unknown ones: a mistyped required option gets its suggestion first.
    const unknown = options?.code === "commander.missingMandatoryOptionValue" ? this.args.find((arg) => arg.startsWith("-")) : undefined;
    // unknownOption is commander's own (untyped) report of an unknown option, with its "Did you mean" suggestion.
    if (unknown) (this as unknown as { unknownOption(flag: string): never }).unknownOption(unknown);
    const text = message.trim().replace(/\s*\n\s*/g, " ").replace(/\.$/, "");
    const path = [...ancestry(this)].map((command) => command.name()).join(" ");
    process.stderr.write(`${text.startsWith("error:") ? text : `error: ${text}`}; usage: ${this.createHelp().commandUsage(this)} (${path} --help for more)\n`);
    process.exit(USAGE_EXIT_CODE);
  }

  /** A command with subcommands called without one: commander prints the whole help as an error; one line instead. */
  override help(context?: HelpContext | ((text: string) => string)): never {
    if (typeof context === "object" && context.error) this.error(`missing command: one of ${this.commands.map((command) => command.name()).join(", ")}`);
    return super.help(context as HelpContext);
  }
}

function* ancestry(command: Command): Generator<Command> {
  if (command.parent) yield* ancestry(command.parent);
  yield command;
}

function describe<C extends Command>(command: C, description: string, example: string): C {
  return command.description(description).helpCommand(false).helpOption("-h, --help", "print this help").addHelpText("after", `\nExample:\n  ${example}\n`);
}

/**
 * The top-level command of one npm script, named as it is typed (`npm run report --`).
 * Installs the failure handler: whatever the command throws ends with one message.
 */
export function cli(name: string, description: string, example: string): Command {
  process.on("uncaughtException", fail);
  process.on("unhandledRejection", fail);
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return describe(new Cli(name), description, example).version(version, "-V, --version", "print the version");
}

/** A subcommand, e.g. subcommand(team, "add <e-mail>", "…", "npm run team -- add ana@example.org"). */
export function subcommand(parent: Command, nameAndArguments: string, description: string, example: string): Command {
  return describe(parent.command(nameAndArguments), description, example);
}

/** An option value that must be a whole number (0 or more): a usage error otherwise. */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("It must be a whole number");
  return Number(value);
}

/** The one line a failure while running prints: the message of a user's mistake, or what went wrong where no stack is needed. */
export function failureLine(error: unknown): string {
  if (error instanceof UserError) return error.message;
  const environment = environmentProblem(error);
  if (environment) return environment;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${text} (unexpected: run again with DEBUG=1 for where it happened, and report it)`;
}

type Failure = Error & { code?: unknown; cause?: unknown; errors?: unknown[] };

/**
 * A refused connection, a missing file, a wrong password, a database that
 * does not exist: the machine's or the network's answer, which the user can
 * act on. fetch wraps the socket's error in its cause; a refused connection
 * tried on IPv4 and IPv6 is an AggregateError with no message of its own.
 */
function environmentProblem(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const failure = error as Failure;
  const inner = (failure.cause ?? failure.errors?.[0] ?? failure) as Failure;
  const code = typeof inner.code === "string" ? inner.code : typeof failure.code === "string" ? failure.code : "";
  // Node's system errors (ECONNREFUSED, ENOENT…) and PostgreSQL's connection, sign-in and database-name classes (08, 28, 3D, 57P).
  if (!/^E[A-Z]+$|^08|^28|^3D|^57P/.test(code)) return null;
  const messages = [...new Set([failure.message, inner.message].filter(Boolean))];
  return messages.length ? messages.join(": ") : code;
}

function fail(error: unknown): never {
  process.stderr.write(`${failureLine(error)}\n`);
  if (process.env.DEBUG && process.env.DEBUG !== "0" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(error instanceof UserError ? error.exitCode : 1);
}
