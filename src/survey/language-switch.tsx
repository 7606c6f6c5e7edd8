/**
 * What only a survey in several languages shows. Only a site with such a
 * survey carries it, in its bundle: elsewhere src/core/site-languages.ts
 * folds it away. (Which language a page opens in is decided before paint by
 * a script the prerender writes: scripts/language-choice.ts.)
 *
 * The switch: a link to the page in each language, named in that language.
 * Following one is a move inside the app to the same page component in
 * another language (src/app.tsx), so every answer stays on screen; the
 * address's other parameters (hidden fields) go along. The answers record
 * the language shown: the row stores it.
 */
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link, useLocation } from "react-router-dom";
import { LANGUAGE } from "../core/fields.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

/** The address's query without `lang`, which would send the respondent back where they came from. */
function queryWithoutLanguage(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function LanguageSwitch({ config }: { config: ResolvedSurvey }) {
  const { setValue } = useFormContext();
  // Kept to the page's language, also after "start over" resets the answers to the ones the visit opened with.
  const recorded = useWatch({ name: LANGUAGE.id });
  const { search } = useLocation();
  useEffect(() => {
    if (recorded !== config.language) setValue(LANGUAGE.id, config.language);
  }, [config.language, recorded, setValue]);
  return (
    <nav aria-label={config.messages.languageSwitch}>
      <ul className="page-links">
        {config.languagePages!.map(({ language, name, path }) => (
          <li key={language}>
            <Link
              to={`${path}${queryWithoutLanguage(search)}`}
              lang={language}
              aria-current={language === config.language ? "page" : undefined}
              replace
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
