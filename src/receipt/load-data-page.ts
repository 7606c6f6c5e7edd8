/**
 * The data page's chunk, as the route table loads it. In a module of its
 * own so that a site without receipts builds it as a stub
 * (scripts/vite-plugin-site-receipts.ts) and the page's chunk is not emitted.
 */
export const loadDataPage = () => import("./data-page.tsx");
