/**
 * The page's <title>, description and link-preview tags (Open Graph and
 * Twitter card, read by WhatsApp, Instagram and the like from the static
 * HTML). React 19 puts them in <head>; the prerender keeps them there. The
 * canonical address needs the site's public URL (VITE_SITE_URL at build
 * time); without it no absolute address is guessed.
 */
const SITE_URL = (import.meta.env.VITE_SITE_URL as string | undefined)?.replace(/\/+$/, "");

export interface PageMetaProps {
  title: string;
  language: string;
  /** The page's address in the site, for the canonical URL. */
  path: string;
  description?: string;
  /** Absolute https URL of the preview picture. */
  image?: string;
  /** The same page in each language, this one included, for a survey in several languages. */
  alternates?: { language: string; path: string }[];
}

/** Only the <title>, for the pages a link preview never shows (thank-you, 404). */
export function PageTitle({ title }: { title: string }) {
  return <title>{title}</title>;
}

const ogLocale = (language: string) => language.replace("-", "_");

export function PageMeta({ title, language, path, description, image, alternates = [] }: PageMetaProps) {
  const url = SITE_URL ? `${SITE_URL}${path}` : undefined;
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:locale" content={ogLocale(language)} />
      {/* Only in the prerendered HTML, where crawlers and link previews read them: the page in the browser never needs them, so they cost its bundle nothing. */}
      {import.meta.env.SSR && alternates.map((other) => other.language !== language && <meta key={other.language} property="og:locale:alternate" content={ogLocale(other.language)} />)}
      {import.meta.env.SSR && alternates.map((other) => <link key={other.language} rel="alternate" hrefLang={other.language} href={`${SITE_URL ?? ""}${other.path}`} />)}
      {image && <meta property="og:image" content={image} />}
      {url && <meta property="og:url" content={url} />}
      {url && <link rel="canonical" href={url} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      {description && <meta name="twitter:description" content={description} />}
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}
