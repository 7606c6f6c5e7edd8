/**
 * The documentation site (`npm run docs:build`, `npm run docs`), built by
 * VitePress from the Markdown in docs/. It is not part of the respondents'
 * build: vite.config.ts never reads docs/.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitepress";
import { sectionSidebar } from "./sidebar.ts";

const docsDir = fileURLToPath(new URL("..", import.meta.url));

/** The sections, one per reader. A new page in one of these folders joins its sidebar by itself. */
const SECTIONS = [
  { folder: "survey", title: "The survey" },
  { folder: "equipe", title: "Equipe de conteúdo" },
  { folder: "translators", title: "Translators" },
  { folder: "operators", title: "Operators" },
  { folder: "developers", title: "Developers" },
  { folder: "decisions", title: "Decisions" },
] as const;

export default defineConfig({
  title: "RMJ survey",
  description: "A public, anonymous questionnaire, one question at a time, for doctors trained abroad who plan to revalidate their degree in Brazil.",
  lang: "en",
  cleanUrls: true,
  // A link to a page that does not exist fails the build.
  ignoreDeadLinks: false,
  srcExclude: ["**/README.md"],
  locales: {
    root: { label: "English", lang: "en" },
    // The content team's pages are in Portuguese: their <html lang> and the theme's words follow.
    equipe: {
      label: "Português",
      lang: "pt-BR",
      link: "/equipe/",
      themeConfig: {
        outline: { label: "Nesta página" },
        docFooter: { prev: "Anterior", next: "Próxima" },
        lastUpdated: { text: "Atualizado em" },
        darkModeSwitchLabel: "Aparência",
        sidebarMenuLabel: "Menu",
        returnToTopLabel: "Voltar ao topo",
        langMenuLabel: "Idioma",
      },
    },
  },
  themeConfig: {
    // The two languages hold different pages, not translations: the language menu leads to each one's home.
    i18nRouting: false,
    search: {
      provider: "local",
      options: {
        locales: {
          equipe: {
            translations: {
              button: { buttonText: "Pesquisar", buttonAriaLabel: "Pesquisar" },
              modal: {
                noResultsText: "Nenhum resultado para",
                resetButtonTitle: "Limpar a pesquisa",
                footer: { selectText: "abrir", navigateText: "navegar", closeText: "fechar" },
              },
            },
          },
        },
      },
    },
    nav: SECTIONS.filter(({ folder }) => folder !== "decisions").map(({ folder, title }) => ({ text: title, link: `/${folder}/` })),
    sidebar: Object.fromEntries(SECTIONS.map(({ folder, title }) => [`/${folder}/`, sectionSidebar(docsDir, folder, title)])),
    outline: "deep",
  },
});
