/**
 * The receipt's texts per language (the thank-you notice and the data
 * page): the presets of this feature, in their own module so that only the
 * receipt's lazy chunks carry them. A survey file words any of them in its
 * `receipt.texts`. Looked up as the survey presets are: the exact language,
 * its base language (Portuguese is Brazilian Portuguese), then English.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

export type ReceiptWords = Required<NonNullable<NonNullable<SurveyConfig["receipt"]>["texts"]>>;

const WORDS: Record<"es" | "pt-BR" | "en", ReceiptWords> = {
  es: {
    noticeHeading: "Tu comprobante",
    noticeText: "Guarda este código: con él puedes ver, descargar o borrar tus respuestas cuando quieras. No lo compartas: quien lo tenga puede hacer lo mismo.",
    noticeLink: "Ver o borrar mis datos",
    pageTitle: "Mis datos",
    heading: "Tus respuestas guardadas",
    intro: "Escribe el código del comprobante que recibiste al enviar la encuesta para ver, descargar o borrar lo que guardamos.",
    codeLabel: "Código del comprobante",
    codeFormat: "El código tiene 16 letras y números, como ABCD-EFGH-JKMN-PQRS.",
    show: "Ver mis respuestas",
    notFound: "No encontramos respuestas con este código. Revisa que esté bien escrito.",
    tooMany: "Demasiados intentos desde esta conexión. Espera un minuto e inténtalo de nuevo.",
    failed: "No pudimos conectar. Revisa tu conexión e inténtalo de nuevo.",
    answersHeading: "Lo que guardamos",
    sentAt: "Enviado el",
    noAnswer: "(sin respuesta)",
    download: "Descargar en JSON",
    delete: "Borrar mis respuestas",
    confirmDelete: "Se borrarán tus respuestas y todo lo que se obtuvo de ellas. No se puede deshacer.",
    confirm: "Sí, borrar",
    cancel: "Cancelar",
    deleted: "Tus respuestas fueron borradas, con todo lo que se obtuvo de ellas.",
  },
  "pt-BR": {
    noticeHeading: "Seu comprovante",
    noticeText: "Guarde este código: com ele você pode ver, baixar ou apagar suas respostas quando quiser. Não o compartilhe: quem o tiver pode fazer o mesmo.",
    noticeLink: "Ver ou apagar meus dados",
    pageTitle: "Meus dados",
    heading: "Suas respostas guardadas",
    intro: "Digite o código do comprovante que você recebeu ao enviar a pesquisa para ver, baixar ou apagar o que guardamos.",
    codeLabel: "Código do comprovante",
    codeFormat: "O código tem 16 letras e números, como ABCD-EFGH-JKMN-PQRS.",
    show: "Ver minhas respostas",
    notFound: "Não encontramos respostas com este código. Confira se está bem digitado.",
    tooMany: "Tentativas demais a partir desta conexão. Espere um minuto e tente de novo.",
    failed: "Não conseguimos conectar. Verifique sua conexão e tente de novo.",
    answersHeading: "O que guardamos",
    sentAt: "Enviado em",
    noAnswer: "(sem resposta)",
    download: "Baixar em JSON",
    delete: "Apagar minhas respostas",
    confirmDelete: "Suas respostas e tudo o que foi obtido delas serão apagados. Não dá para desfazer.",
    confirm: "Sim, apagar",
    cancel: "Cancelar",
    deleted: "Suas respostas foram apagadas, com tudo o que foi obtido delas.",
  },
  en: {
    noticeHeading: "Your receipt",
    noticeText: "Keep this code: with it you can see, download or delete your answers whenever you like. Do not share it: whoever has it can do the same.",
    noticeLink: "See or delete my data",
    pageTitle: "My data",
    heading: "Your stored answers",
    intro: "Type the receipt code you got when you sent the survey to see, download or delete what we stored.",
    codeLabel: "Receipt code",
    codeFormat: "The code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS.",
    show: "See my answers",
    notFound: "We found no answers with this code. Check that it is typed right.",
    tooMany: "Too many tries from this connection. Wait a minute and try again.",
    failed: "We could not connect. Check your connection and try again.",
    answersHeading: "What we stored",
    sentAt: "Sent on",
    noAnswer: "(no answer)",
    download: "Download as JSON",
    delete: "Delete my answers",
    confirmDelete: "Your answers and everything obtained from them will be deleted. This cannot be undone.",
    confirm: "Yes, delete",
    cancel: "Cancel",
    deleted: "Your answers were deleted, with everything obtained from them.",
  },
};

/** The texts in `language`, with those the survey file words in `overrides`. */
export function receiptWords(language: string, overrides: SurveyConfig["receipt"] extends infer R ? (R extends { texts?: infer T } ? T : never) : never = {}): ReceiptWords {
  const base = language.split("-")[0]!;
  const preset = WORDS[language as keyof typeof WORDS] ?? (base === "pt" ? WORDS["pt-BR"] : WORDS[base as keyof typeof WORDS]) ?? WORDS.en;
  return { ...preset, ...overrides };
}
