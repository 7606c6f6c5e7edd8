/**
 * `npm run bench:once [-- --rounds 5]`: the command line of the bot check's
 * bench (once-bench.ts, which says what it measures). Chromium's driver and
 * the stack load only once the command line is understood.
 */
import { cli, wholeNumber } from "../lib/cli.ts";

const { rounds } = cli("npm run bench:once --", "Does the bot check add a wait at submit? The submit-to-thank-you time in a throttled Chromium, bot check on and off.", "npm run bench:once -- --rounds 5")
  .option("--rounds <n>", "rounds of each variant", wholeNumber, 5)
  .parse()
  .opts<{ rounds: number }>();
const { onceBench } = await import("./once-bench.ts");
await onceBench(rounds);
