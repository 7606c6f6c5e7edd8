/**
 * Which language a survey in several languages opens in: `?lang=`, else (on
 * the source language's page) the language of the respondent's draft, else
 * the browser's preferred languages, else the page's own. Each wanted tag in
 * turn: a listed language equal to it, else one with its base ("pt-PT" →
 * "pt-BR"). A script at the top of the prerendered page decides before
 * anything is painted and moves to that language's page, keeping the
 * address's query, so no text of another language ever shows. Written into
 * the HTML by the prerender: the app's bundle never carries it.
 */
import { draftKey } from "../src/core/draft.ts";
import { languagePath } from "../src/core/translations.ts";

export function languageChoiceScript(survey: { id: string; route: string; languages?: string[] }, here: number): string {
  const languages = survey.languages!;
  const args = [draftKey(survey), languages.map((language) => language.toLowerCase()), languages.map((language) => languagePath(survey, language)), here];
  // i / 2: the wanted tag; i % 2: equal tags, then equal base languages.
  return `(function(k,l,p,h){var s=location.search,q=new URLSearchParams(s).get("lang"),w=q?[q]:[],b=function(t){return t.split("-")[0]},i,j,t;if(!q&&!h){try{w=[JSON.parse(localStorage[k]).answers.language]}catch(e){}w[0]||(w=navigator.languages||[])}for(i=0;i<w.length*2;i++)for(j=0;j<l.length;j++){t=w[i>>1].toLowerCase();if(i%2?b(t)==b(l[j]):t==l[j]){j-h&&location.replace(p[j]+s+location.hash);return}}})(${args.map((arg) => JSON.stringify(arg)).join(",")})`;
}

/** The script first in <head>, before anything that could paint. */
export const withHeadScript = (html: string, script: string): string => html.replace(/<head>/, `<head>\n    <script>${script}</script>`);
