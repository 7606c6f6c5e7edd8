import type { Preset } from "./preset.ts";

/** Brazilian Portuguese: the older variant's hints and messages and the thank-you page in the spec. */
export const ptBR = {
  messages: {
    previous: "Anterior",
    next: "Próximo",
    submit: "Enviar",
    submitting: "Enviando...",
    hintReady: "Pressione Enter para continuar",
    hintBlocked: "Complete o campo para prosseguir",
    progress: "{current} de {total}",
    percentComplete: "{percent}% completo",
    required: "Este campo é obrigatório.",
    checkboxRequired: "Por favor, selecione pelo menos uma opção.",
    sliderRequired: "Por favor, selecione um valor.",
    submitRequired: "Este campo é obrigatório.",
    answerPlaceholder: "Digite sua resposta...",
    selectPlaceholder: "Selecione uma opção",
    otherPlaceholder: "Especifique",
    successTitle: "Formulário enviado com sucesso! ✨",
    successDescription: "Suas respostas foram salvas. Redirecionando...",
    errorTitle: "Erro ao enviar o formulário",
    errorDescription: "Ocorreu um erro ao salvar suas respostas. Tente novamente.",
    unexpectedErrorTitle: "Erro inesperado",
    unexpectedErrorDescription: "Ocorreu um erro inesperado. Tente novamente.",
    closeNotice: "Fechar",
  },
  thankYou: {
    pageTitle: "Obrigado!",
    heading: "Muito Obrigado!",
    text: "Suas respostas foram enviadas com sucesso. Em breve entraremos em contato.",
    buttonLabel: "Voltar ao Início",
  },
  notFound: {
    pageTitle: "404 · Página não encontrada",
    heading: "404",
    text: "Ops! Página não encontrada",
    buttonLabel: "Voltar ao Início",
  },
} satisfies Preset;
