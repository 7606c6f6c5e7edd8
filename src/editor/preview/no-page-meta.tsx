/**
 * The preview's pages leave the editor's own <title> and <meta> alone
 * (swapped in for src/pages/page-meta.tsx): React would hoist the survey's
 * into the editor's <head>.
 */
import type { PageMetaProps } from "../../pages/page-meta.tsx";

export const PageTitle = (_props: { title: string }) => null;
export const PageMeta = (_props: PageMetaProps) => null;
