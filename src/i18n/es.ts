import type { Preset } from "./preset.ts";

/** Spanish: the foreigner variant's wording in the spec. */
export const es = {
  messages: {
    previous: "Anterior",
    next: "Siguiente",
    submit: "Enviar",
    submitting: "Enviando...",
    hintReady: "Presiona Enter para continuar",
    hintBlocked: "Completa el campo para continuar",
    progress: "{current} de {total}",
    percentComplete: "{percent}% completo",
    required: "Este campo es obligatorio.",
    checkboxRequired: "Por favor, selecciona al menos una opción.",
    sliderRequired: "Por favor, selecciona un valor.",
    submitRequired: "Este campo es obligatorio.",
    answerPlaceholder: "Escribe tu respuesta...",
    selectPlaceholder: "Selecciona una opción",
    otherPlaceholder: "Especifique",
    successTitle: "¡Formulario enviado con éxito! ✨",
    successDescription: "Tus respuestas han sido guardadas. Redirigiendo...",
    errorTitle: "Error al enviar formulario",
    errorDescription: "Ocurrió un error al guardar tus respuestas. Inténtalo de nuevo.",
    unexpectedErrorTitle: "Error inesperado",
    unexpectedErrorDescription: "Ocurrió un error inesperado. Inténtalo de nuevo.",
    closeNotice: "Cerrar",
  },
  thankYou: {
    pageTitle: "¡Gracias!",
    heading: "¡Muchas gracias!",
    text: "Tus respuestas fueron enviadas con éxito. Pronto nos pondremos en contacto.",
    buttonLabel: "Volver al inicio",
  },
  notFound: {
    pageTitle: "404 · Página no encontrada",
    heading: "404",
    text: "¡Uy! Página no encontrada",
    buttonLabel: "Volver al inicio",
  },
} satisfies Preset;
