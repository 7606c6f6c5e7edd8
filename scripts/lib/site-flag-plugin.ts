/**
 * The shape every opt-in feature's build plugin shares: a site none of whose
 * surveys uses the feature loads the feature's flag module as `<CONSTANT> =
 * false`, a constant the bundler inlines, so the code behind it folds away
 * and the respondents' first load carries none of it; the modules the page
 * imports statically (which would stay in their chunk even when dead) are
 * replaced by stubs. Read once per build, from the survey files of `dir`.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const inSrc = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export interface SiteFlag {
  /** The plugin's name (site-quotas). */
  name: string;
  /** The flag module, under src/ (quotas/site-quotas.ts). */
  module: string;
  /** The constant it exports (SITE_QUOTAS). */
  constant: string;
  /** Whether any survey file of the folder uses the feature. */
  uses: (dir: string) => boolean;
  /** Modules under src/ and what they are on a site without the feature. */
  stubs?: Record<string, string>;
}

export function siteFlagPlugin(flag: SiteFlag, { dir: dirOption = "surveys" } = {}): Plugin {
  const flagModule = inSrc(flag.module);
  const stubs = new Map(Object.entries(flag.stubs ?? {}).map(([path, code]) => [inSrc(path), code]));
  let dir = "";
  let used = true;
  return {
    name: flag.name,
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    buildStart() {
      used = flag.uses(dir);
    },
    load(id) {
      const path = id.split("?")[0]!;
      if (path === flagModule) return `export const ${flag.constant} = ${used};\n`;
      if (!used) return stubs.get(path);
    },
  };
}
