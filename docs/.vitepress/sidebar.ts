/**
 * The sidebar of one section, built from the Markdown files in its folder, so
 * that a page added later appears without touching the config. A page's
 * sidebar text is its first `# ` heading; `order: <n>` in its front matter
 * places it (lower first; pages without one follow, by title). The folder's
 * index.md is always first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface Page {
  text: string;
  link: string;
  order: number;
}

function readPage(docsDir: string, folder: string, file: string): Page {
  const source = readFileSync(join(docsDir, folder, file), "utf8");
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? "";
  const order = Number(/^order:\s*(-?\d+(?:\.\d+)?)\s*$/m.exec(frontMatter)?.[1] ?? Number.POSITIVE_INFINITY);
  const title = /^#\s+(.+)$/m.exec(source.slice(frontMatter.length))?.[1]?.trim() ?? file.replace(/\.md$/, "");
  const name = file.replace(/\.md$/, "");
  return { text: title, link: `/${folder}/${name === "index" ? "" : name}`, order: name === "index" ? Number.NEGATIVE_INFINITY : order };
}

/** The pages of `docs/<folder>/`, as one sidebar group titled `title`. */
export function sectionSidebar(docsDir: string, folder: string, title: string) {
  const pages = readdirSync(join(docsDir, folder))
    .filter((file) => file.endsWith(".md"))
    .map((file) => readPage(docsDir, folder, file))
    .sort((a, b) => a.order - b.order || a.text.localeCompare(b.text));
  return [{ text: title, items: pages.map(({ text, link }) => ({ text, link })) }];
}
