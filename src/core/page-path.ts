/**
 * Whether an address's path is the page at `path` (a page path of a survey
 * file: lower-case, no trailing slash). Addresses typed or pasted by people
 * differ in ways that do not name another page: a trailing slash
 * ("/foreign-form/") and capital letters ("/Foreign-Form").
 */
export function isPagePath(pathname: string, path: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (trimmed || "/").toLowerCase() === path;
}
