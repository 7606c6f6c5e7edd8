/**
 * react-style-singleton's interface (aliased in its place, see
 * scripts/security-headers/vite-aliases.ts), with the styles in a constructed
 * stylesheet rather than an inserted <style> element, which the page's
 * Content-Security-Policy refuses. Radix's Select locks the page's scroll
 * through it while its list is open. A browser without constructed
 * stylesheets (Safari before 16.4) leaves the page scrollable meanwhile.
 */
import { useEffect } from "react";

const supported = () => typeof document !== "undefined" && "adoptedStyleSheets" in document && typeof CSSStyleSheet.prototype.replaceSync === "function";

export function stylesheetSingleton() {
  let users = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (users++ > 0 || !supported()) return;
      sheet = new CSSStyleSheet();
      sheet.replaceSync(style);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    },
    remove() {
      if (--users > 0 || !sheet) return;
      const added = sheet;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((candidate) => candidate !== added);
      sheet = null;
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // As the original: the styles of the first user stay, unless they are dynamic.
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
