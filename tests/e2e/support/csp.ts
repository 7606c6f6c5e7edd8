/**
 * Every page a test opens is watched for Content-Security-Policy violations,
 * as the browser reports them: the `securitypolicyviolation` event (in every
 * frame, from before the page's first script) and the console line
 * ("Refused to … because it violates the following Content Security Policy
 * directive"). Playwright never bypasses the policy (bypassCSP is off).
 */
import type { Browser, BrowserContext } from "@playwright/test";

const BINDING = "__e2eCspViolation";

export async function watchViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => violations.push(`${page.url()}: ${text}`));
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : "";
      void (window as unknown as Record<string, (text: string) => void>)[binding]!(`${event.effectiveDirective} refused ${event.blockedURI || "inline code"}${where}`);
    });
  }, BINDING);
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
}

/** Contexts (and their pages) a test opens itself with browser.newContext() or browser.newPage() are watched too, until the returned call. */
export function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    await watchViolations(context, violations);
    return context;
  };
  return () => void (browser.newContext = newContext);
}
