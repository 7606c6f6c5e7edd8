/**
 * Numbers the steps of a long run in its log: "step 3 of 6, 3 after it: …".
 * One line per step, the same in a terminal and in a log file.
 */
export function stepLog(total: number, log: (line: string) => void): (what: string) => void {
  let step = 0;
  return (what) => {
    step += 1;
    const left = total - step;
    log(`step ${step} of ${total}, ${left === 0 ? "the last" : `${left} after it`}: ${what}`);
  };
}
