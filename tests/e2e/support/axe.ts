/**
 * axe-core on the page as it is now, as every spec audits a screen: the
 * violations described one by one, "" when there are none, so that
 * `expect(await axeViolations(page), screen).toBe("")` prints what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: what every page of the product meets. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** And WCAG 2.2 AA (target sizes, focus not obscured), which the editor meets too. */
export const WCAG_22_AA = [...WCAG_21_AA, "wcag22aa"];

export interface AxeOptions {
  tags?: string[];
  /** Audit only this part of the page (a CSS selector). */
  include?: string;
  disableRules?: string[];
}

export async function axeViolations(page: Page, { tags = WCAG_21_AA, include, disableRules = [] }: AxeOptions = {}): Promise<string> {
  // Legacy mode runs axe in the page itself. The default mode aggregates each frame's results in a new blank
  // page, with a second copy of axe's 550 kB evaluated there, for every audit; no page of ours has a frame (the
  // security policy allows none), so the results are the same, at about 60 % of the CPU (a11y.spec alone:
  // 58 s of CPU in the default mode, 36 s in this one).
  let builder = new AxeBuilder({ page }).setLegacyMode().withTags(tags).disableRules(disableRules);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help} — ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `    ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}\n      ${node.html.slice(0, 200)}`),
      ].join("\n"),
    )
    .join("\n");
}
