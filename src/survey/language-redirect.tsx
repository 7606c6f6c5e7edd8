/**
 * Which language a survey in several languages opens in: `?lang=`, else (on
 * the source language's page) the language of the respondent's draft, else
 * the browser's preferred languages, else the page's own. An inline script
 * decides before anything is painted and moves to that language's page,
 * keeping the address's query, so no text of another language ever shows.
 * It runs only in the prerendered HTML, as the campaign's does.
 */
import { draftKey } from "../core/draft.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { languagePath } from "../core/translations.ts";
import { useServerHtml } from "./campaign-notices.tsx";

/** Each wanted tag in turn: a listed language equal to it, else one with its base ("pt-PT" → "pt-BR"). */
export function languageRedirectScript(config: ResolvedSurvey): string {
  const languages = config.languages!;
  const args = [draftKey(config), languages, languages.map((language) => languagePath(config, language)), languages.indexOf(config.language)].map((arg) => JSON.stringify(arg));
  return `(function(k,l,p,h){var q=new URLSearchParams(location.search).get("lang"),w=q?[q]:[],b=function(t){return t.toLowerCase().split("-")[0]};if(!q&&!h){try{w=[JSON.parse(localStorage.getItem(k)).answers.language]}catch(e){}if(!w[0])w=navigator.languages||[]}for(var i=0;i<w.length;i++)for(var s=0;s<2;s++)for(var j=0;j<l.length;j++)if(s?b(w[i])==b(l[j]):w[i].toLowerCase()==l[j].toLowerCase()){if(j!=h)location.replace(p[j]+location.search+location.hash);return}})(${args.join(",")})`;
}

export function LanguageRedirect({ config }: { config: ResolvedSurvey }) {
  return useServerHtml() ? <script dangerouslySetInnerHTML={{ __html: languageRedirectScript(config) }} /> : null;
}
