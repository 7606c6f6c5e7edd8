/**
 * A prerendered page may carry no style attribute: the policy refuses them
 * (style-src without 'unsafe-inline'). Components whose markup we do not
 * write render some on the server (Radix's hidden form inputs of a radio,
 * checkbox or select question, a slider's thumb), so each distinct style
 * becomes one rule of the page's inlined stylesheet, which the policy allows
 * by its hash, for an attribute that names it. Appended last, a rule wins
 * over the stylesheet's rules of equal weight; a style the script sets later
 * (through the CSSOM, which the policy allows) still wins over it, as a style
 * attribute would.
 */

export const STYLE_ATTRIBUTE = "data-prerendered-style";

const TAG_WITH_STYLE = /<[a-zA-Z][^<>]*?\sstyle="([^"]*)"[^<>]*>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

export function moveStyleAttributes(html: string): string {
  const bodyStart = html.indexOf("<body");
  if (bodyStart < 0) return html;
  const styles = new Map<string, number>();
  const body = html.slice(bodyStart).replace(TAG_WITH_STYLE, (tag, style: string) => {
    if (!styles.has(style)) styles.set(style, styles.size);
    return tag.replace(` style="${style}"`, ` ${STYLE_ATTRIBUTE}="${styles.get(style)}"`);
  });
  if (styles.size === 0) return html;
  const rules = [...styles].map(([style, index]) => `[${STYLE_ATTRIBUTE}="${index}"]{${style.replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? entity)}}`).join("");
  const head = html.slice(0, bodyStart);
  const withRules = head.includes("</style>") ? head.replace(/<\/style>(?![\s\S]*<\/style>)/, `${rules}</style>`) : head.replace("</head>", `<style>${rules}</style></head>`);
  return withRules + body;
}
