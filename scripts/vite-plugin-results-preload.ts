/**
 * The results site's page preloads the chunks its entry imports at once
 * (src/results/main.tsx: the app with React and supabase-js, and the
 * dashboard): `<link rel="modulepreload">` for them and the chunks they
 * import, so that the browser downloads and parses them beside the small
 * entry instead of after it has run (some 150 ms later on a loaded phone).
 */
import type { HtmlTagDescriptor, Plugin, Rolldown } from "vite";

/** The modules the entry imports as soon as it runs, relative to the site's root (src/results/). */
const FIRST_IMPORTS = ["boot.tsx", "dashboard.tsx"];

export function resultsPreloadPlugin(): Plugin {
  let base = "/";
  return {
    name: "results-preload",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        // The share link's page (publico/index.html) is another entry: it imports neither the app nor the dashboard.
        if (context.path.replaceAll("\\", "/").endsWith("/publico/index.html")) return [];
        const chunks = Object.values(context.bundle ?? {}).filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = context.chunk ?? chunks.find((chunk) => chunk.isEntry);
        const files = new Set<string>();
        const add = (chunk: Rolldown.OutputChunk) => {
          if (chunk === entry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) add(byName.get(name)!);
        };
        for (const module of FIRST_IMPORTS) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll("\\", "/").endsWith(`/src/results/${module}`));
          if (!chunk) throw new Error(`results-preload: no chunk for src/results/${module}`);
          add(chunk);
        }
        return [...files].map((file): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` }, injectTo: "head" }));
      },
    },
  };
}
