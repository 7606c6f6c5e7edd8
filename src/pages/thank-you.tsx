import { Link } from "react-router-dom";
import { SITE_RECEIPTS } from "../core/site-receipts.ts";
import { ReceiptNotice } from "../receipt/receipt-notice.tsx";
import type { ResolvedThankYou } from "../core/resolve-survey.ts";
import { PageTitle } from "./page-meta.tsx";
import { useDocumentLanguage } from "./use-document-language.ts";

/** Where a survey ends, worded by its file (or its language's preset). */
export function ThankYouPage({ page }: { page: ResolvedThankYou }) {
  useDocumentLanguage(page.language);
  return (
    <main className="page" lang={page.language}>
      <PageTitle title={page.pageTitle} />
      <div className="page-card">
        <div className="page-emoji" aria-hidden="true">{page.emoji}</div>
        <h1>{page.heading}</h1>
        <p>{page.text}</p>
        {page.tip && <p className="page-tip">{page.tip}</p>}
        {/* The receipt of the response just stored, for a survey that gives receipts (its own chunk). */}
        {SITE_RECEIPTS && <ReceiptNotice language={page.language} />}
        {page.links.length > 0 && (
          <ul className="page-links">
            {page.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">{link.label}</a>
              </li>
            ))}
          </ul>
        )}
        <Link className="button button-primary" to={page.buttonTo}>{page.buttonLabel}</Link>
      </div>
    </main>
  );
}
