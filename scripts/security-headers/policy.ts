/**
 * The Content-Security-Policy a built page needs, and the other headers a
 * static host should send with it. Inline scripts and stylesheets are allowed
 * by the sha256 of their exact text, read from the built HTML: a new inline
 * script without a rebuilt policy is refused by the browser, never silently
 * allowed. No 'unsafe-inline', no 'unsafe-eval'.
 */
import { createHash } from "node:crypto";

export interface PolicyOptions {
  /** The data API the page sends answers to (the build's VITE_SUPABASE_URL). */
  supabaseUrl?: string;
  /** Sites allowed to show the page in a frame; none by default. */
  frameAncestors?: readonly string[];
}

/** What the page's own HTML holds inline: the hash sources of its scripts and of its stylesheets. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export const SECURITY_HEADERS = {
  // Other sites learn the survey's origin at most, never its address (which may carry hidden fields such as utm_source).
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
} as const;

const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

export function inlineHashes(html: string): InlineHashes {
  const hashes = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => hashSource(match[1]!)))];
  return { scripts: hashes(INLINE_SCRIPT), styles: hashes(INLINE_STYLE) };
}

/**
 * A <style> element the page's own scripts render from a fixed text (Radix's
 * Select hides its list's scrollbar so), found in a built chunk as the
 * bundler wrote it: `jsx("style", { dangerouslySetInnerHTML: { __html: "…" } })`.
 * Texts with escapes or interpolation are not recognised; the end-to-end
 * tests would report such a style as refused.
 */
const RENDERED_STYLE = /(["'`])style\1,\{dangerouslySetInnerHTML:\{__html:(["'`])((?:(?!\2)[^\\$])*)\2/g;

export function renderedStyleHashes(js: string): string[] {
  return [...new Set([...js.matchAll(RENDERED_STYLE)].map((match) => hashSource(match[3]!)))];
}

export function mergeHashes(all: readonly InlineHashes[]): InlineHashes {
  return { scripts: [...new Set(all.flatMap((hashes) => hashes.scripts))], styles: [...new Set(all.flatMap((hashes) => hashes.styles))] };
}

/** An origin a directive may name: scheme, host and port only (a path or a quote would change the policy's meaning). */
function origin(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`[headers] ${what} ${JSON.stringify(url)} is not a URL: write it as https://example.org`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new Error(`[headers] ${what} ${JSON.stringify(url)} must start with https://`);
  return parsed.origin;
}

/** FRAME_ANCESTORS="https://a.example https://b.example" → the origins; empty or unset → none. */
export function frameAncestorsFrom(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter(Boolean).map((site) => origin(site, "FRAME_ANCESTORS site"));
}

export function contentSecurityPolicy(hashes: InlineHashes, options: PolicyOptions): string {
  const api = options.supabaseUrl ? [origin(options.supabaseUrl, "VITE_SUPABASE_URL")] : [];
  const ancestors = options.frameAncestors?.length ? options.frameAncestors : ["'none'"];
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...hashes.scripts],
    ["style-src", "'self'", ...hashes.styles],
    ["connect-src", "'self'", ...api],
    ["img-src", "'self'", "data:"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'none'"],
    ["frame-ancestors", ...ancestors],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * A page with no script at all that declares its own policy in a <meta>
 * (a file opened from disk has no headers): nothing runs, nothing is
 * fetched, only its own inline stylesheets apply and images come from data:
 * URLs. frame-ancestors has no effect in a <meta>, so it is left out.
 */
export function withScriptlessPolicy(html: string): string {
  const { scripts, styles } = inlineHashes(html);
  if (scripts.length > 0 || /<script\b/i.test(html)) throw new Error("[headers] a page meant to run no script holds a <script>");
  const policy = ["default-src 'none'", `style-src ${styles.join(" ") || "'none'"}`, "img-src data:", "base-uri 'none'", "form-action 'none'"].join("; ");
  return html.replace(/<meta charset="utf-8">/i, (charset) => `${charset}\n<meta http-equiv="Content-Security-Policy" content="${policy}">`);
}
