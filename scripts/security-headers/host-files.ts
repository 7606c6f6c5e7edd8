/**
 * The headers of a build, written into the files static hosts read:
 * Netlify and Cloudflare Pages `_headers`, Vercel `vercel.json`. One rule for
 * every path first (the security headers, and a policy that allows the inline
 * code of every page, for the 404 page and for paths no page has), then one
 * rule per prerendered page with the policy that page needs. Netlify and
 * Vercel let the later rule win; Cloudflare joins the two policies with a
 * comma, and a browser then enforces both, which comes to the page's own.
 * Every page also allows the styles the app's scripts render: a link on the
 * thank-you page leads back to a survey without loading another page.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentSecurityPolicy, inlineHashes, mergeHashes, renderedStyleHashes, SECURITY_HEADERS, type PolicyOptions } from "./policy.ts";

export interface BuiltPage {
  /** Its address; none for the 404 page, served at any unknown address. */
  path?: string;
  html: string;
}

export interface HeaderRule {
  /** `/*` (every path) or one page's exact path. */
  path: string;
  headers: Record<string, string>;
}

export const EVERY_PATH = "/*";

export function headerRules(pages: readonly BuiltPage[], scriptStyles: readonly string[], options: PolicyOptions): HeaderRule[] {
  const hashes = pages.map((page) => mergeHashes([inlineHashes(page.html), { scripts: [], styles: [...scriptStyles] }]));
  const everyPath = { path: EVERY_PATH, headers: { ...SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(mergeHashes(hashes), options) } };
  const perPage = pages.flatMap((page, index) => (page.path ? [{ path: page.path, headers: { "Content-Security-Policy": contentSecurityPolicy(hashes[index]!, options) } }] : []));
  return [everyPath, ...perPage];
}

export function headersFile(rules: readonly HeaderRule[]): string {
  const header = "# Written by npm run build (scripts/security-headers/): rebuild rather than edit.\n";
  return header + rules.map((rule) => `${rule.path}\n${Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}\n`).join("")}`).join("");
}

export function vercelJson(rules: readonly HeaderRule[]): string {
  const headers = rules.map((rule) => ({
    source: rule.path === EVERY_PATH ? "/(.*)" : rule.path,
    headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
  }));
  return `${JSON.stringify({ headers }, null, 2)}\n`;
}

export function writeHostFiles(outDir: string, pages: readonly BuiltPage[], options: PolicyOptions): void {
  const assets = join(outDir, "assets");
  const chunks = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const scriptStyles = [...new Set(chunks.flatMap((name) => renderedStyleHashes(readFileSync(join(assets, name), "utf8"))))].sort();
  const rules = headerRules(pages, scriptStyles, options);
  writeFileSync(join(outDir, "_headers"), headersFile(rules));
  writeFileSync(join(outDir, "vercel.json"), vercelJson(rules));
}
