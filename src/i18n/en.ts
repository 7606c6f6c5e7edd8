import type { Preset } from "./preset.ts";

/** English: the 404 page's wording in the spec, and the last fallback of every lookup. */
export const en = {
  messages: {
    previous: "Previous",
    next: "Next",
    submit: "Submit",
    submitting: "Sending...",
    hintReady: "Press Enter to continue",
    hintBlocked: "Fill in the field to continue",
    progress: "{current} of {total}",
    percentComplete: "{percent}% complete",
    required: "This field is required.",
    checkboxRequired: "Please select at least one option.",
    sliderRequired: "Please select a value.",
    submitRequired: "This field is required.",
    answerPlaceholder: "Type your answer...",
    selectPlaceholder: "Select an option",
    otherPlaceholder: "Please specify",
    successTitle: "Form sent successfully! ✨",
    successDescription: "Your answers have been saved. Redirecting...",
    errorTitle: "Could not send the form",
    errorDescription: "An error occurred while saving your answers. Please try again.",
    unexpectedErrorTitle: "Unexpected error",
    unexpectedErrorDescription: "An unexpected error occurred. Please try again.",
    closeNotice: "Close",
  },
  thankYou: {
    pageTitle: "Thank you!",
    heading: "Thank you very much!",
    text: "Your answers have been sent. We will be in touch soon.",
    buttonLabel: "Back to the start",
  },
  notFound: {
    pageTitle: "404 · Page not found",
    heading: "404",
    text: "Oops! Page not found",
    buttonLabel: "Return to Home",
  },
} satisfies Preset;
