/**
 * The "continue later" texts, per language: the presets of this feature,
 * kept in its own chunk so that no survey without partial responses carries
 * them. Looked up as the survey presets are: the exact language, its base
 * language (Portuguese is Brazilian Portuguese), then English.
 */
export interface ContinueLaterWords {
  open: string;
  explain: string;
  linkLabel: string;
  copy: string;
  copied: string;
  whatsapp: string;
  whatsappText: string;
  linkEnded: string;
}

const WORDS: Record<"es" | "pt-BR" | "en", ContinueLaterWords> = {
  es: {
    open: "Continuar más tarde",
    explain: "Guarda este enlace y ábrelo en cualquier dispositivo para seguir donde lo dejaste, con tus respuestas. No lo compartas: quien lo tenga puede verlas y cambiarlas hasta que envíes.",
    linkLabel: "Tu enlace para continuar",
    copy: "Copiar enlace",
    copied: "Enlace copiado",
    whatsapp: "Enviar por WhatsApp",
    whatsappText: "Mi enlace para continuar la encuesta:",
    linkEnded: "Este enlace ya no sirve: la respuesta ya fue enviada o ya no existe. Puedes empezar de nuevo aquí.",
  },
  "pt-BR": {
    open: "Continuar depois",
    explain: "Guarde este link e abra-o em qualquer dispositivo para continuar de onde parou, com suas respostas. Não o compartilhe: quem o tiver pode vê-las e alterá-las até você enviar.",
    linkLabel: "Seu link para continuar",
    copy: "Copiar link",
    copied: "Link copiado",
    whatsapp: "Enviar pelo WhatsApp",
    whatsappText: "Meu link para continuar a pesquisa:",
    linkEnded: "Este link não funciona mais: a resposta já foi enviada ou não existe mais. Você pode começar de novo aqui.",
  },
  en: {
    open: "Continue later",
    explain: "Keep this link and open it on any device to carry on where you left off, with your answers. Do not share it: whoever has it can see and change them until you submit.",
    linkLabel: "Your link to continue",
    copy: "Copy link",
    copied: "Link copied",
    whatsapp: "Send by WhatsApp",
    whatsappText: "My link to continue the survey:",
    linkEnded: "This link no longer works: the response was already sent or no longer exists. You can start again here.",
  },
};

export function continueLaterWords(language: string): ContinueLaterWords {
  const base = language.split("-")[0]!;
  return WORDS[language as keyof typeof WORDS] ?? (base === "pt" ? WORDS["pt-BR"] : WORDS[base as keyof typeof WORDS]) ?? WORDS.en;
}
