/**
 * Keeps whatever takes the focus clear of the sticky bar (WCAG 2.2, 2.4.11):
 * the page's scroll padding follows the bar's height, which grows with a
 * notice or a conflict. Set through CSSOM, which a strict style-src allows.
 */
import { useCallback, useRef } from "react";

export function useStickyScrollPadding() {
  const observer = useRef<ResizeObserver>(undefined);
  return useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    const root = document.documentElement;
    observer.current = new ResizeObserver(() => root.style.setProperty("scroll-padding-top", `${element.offsetHeight + 8}px`));
    observer.current.observe(element);
  }, []);
}
