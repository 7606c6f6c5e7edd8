/**
 * `npm run bench [-- --only editor]`: the command line of the performance
 * benchmark (app-bench.ts, which says what it measures). The benchmark's
 * modules (Vite, Lighthouse, Chromium's driver) load only once the command
 * line is understood, so that --help and a mistyped option answer at once.
 */
import { Option } from "commander";
import { cli } from "../lib/cli.ts";

const options = cli("npm run bench --", "The performance benchmark with its budgets; writes bench/results.json and the figures on docs/developers/bench.md.", "npm run bench -- --only editor")
  .addOption(new Option("--only <step>", "run this step alone and update its figures").choices(["editor"]))
  .parse()
  .opts<{ only?: "editor" }>();
const { runBench } = await import("./app-bench.ts");
process.exit(await runBench(options));
