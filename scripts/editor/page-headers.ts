/**
 * The headers of the editor's page: the same strict policy as the survey's
 * pages, for the editor's own build (its inline code by hash, answers only
 * to its own server), and the same security headers.
 */
import { contentSecurityPolicy, inlineHashes, mergeHashes, renderedStyleHashes, SECURITY_HEADERS } from "../security-headers/policy.ts";
import type { PageFile } from "./editor-page.ts";

export function editorPageHeaders(files: ReadonlyMap<string, PageFile>): Record<string, string> {
  const text = (file: PageFile) => file.content.toString("utf8");
  const html = files.get("/");
  const chunks = [...files].filter(([url]) => url.endsWith(".js")).map(([, file]) => text(file));
  const hashes = mergeHashes([html ? inlineHashes(text(html)) : { scripts: [], styles: [] }, { scripts: [], styles: chunks.flatMap(renderedStyleHashes) }]);
  return { ...SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(hashes, {}) };
}
