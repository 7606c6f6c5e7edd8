import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import type { ResolvedNotFound } from "../core/resolve-survey.ts";
import { PageTitle } from "./page-meta.tsx";
import { useDocumentLanguage } from "./use-document-language.ts";

/** Any address the site does not have, worded by the default survey's file. The missing path is logged. */
export function NotFoundPage({ page }: { page: ResolvedNotFound }) {
  useDocumentLanguage(page.language);
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <main className="page" lang={page.language}>
      <PageTitle title={page.pageTitle} />
      <div className="page-card">
        <h1>{page.heading}</h1>
        <p>{page.text}</p>
        <Link className="button button-primary" to={page.buttonTo}>{page.buttonLabel}</Link>
      </div>
    </main>
  );
}
