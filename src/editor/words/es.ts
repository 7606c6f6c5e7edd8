/** The editor's own words in Spanish. */
import type { EditorWords } from "./pt-br.ts";

const part = (name: string) => PARTS[name] ?? name;
const PARTS: Record<string, string> = {
  title: "título", subtitle: "subtítulo", emoji: "emoji", placeholder: "texto de ejemplo", required: "obligatoriedad", showIf: "condición",
  other: "campo 'otro'", valueLabels: "textos de los rangos", minLabel: "texto del mínimo", maxLabel: "texto del máximo", min: "mínimo", max: "máximo",
  default: "valor inicial", step: "paso", maxSelections: "máximo de opciones", type: "tipo",
  pageTitle: "título de la página", description: "descripción de la página", messages: "botones, pistas y avisos", thankYou: "página de agradecimiento",
  notFound: "página no encontrada", professionalName: "nombre del profesional", hiddenFields: "campos ocultos", campaign: "campaña", route: "dirección", table: "tabla",
};

export const es: EditorWords = {
  language: "es",
  title: "Editor de cuestionarios",
  openHint: "Ábrelo en el navegador. Para cerrarlo, Ctrl+C.",
  surveyFiles: "Archivos de cuestionario",
  chooseFile: "Elige un archivo de cuestionario para editar.",
  confirmLeave: (open, next) => `${open} tiene cambios sin guardar. ¿Abrir ${next} y perderlos?`,
  toolbar: "Archivo",
  undo: "Deshacer",
  redo: "Rehacer",
  save: "Guardar",
  saveAndRecord: "Guardar y registrar",
  conflictState: "Conflicto: elige una versión en el aviso de abajo",
  problemsState: (count) => (count === 1 ? "1 problema que corregir antes de guardar" : `${count} problemas que corregir antes de guardar`),
  unsaved: "Cambios sin guardar",
  allSaved: "Todos los cambios guardados",
  notSavedConflict: "No guardado: elige primero una versión en el aviso de conflicto.",
  nothingToSave: "Nada que guardar: ningún cambio desde la última vez.",
  saved: (file) => `Guardado: ${file}.`,
  notSavedProblems: "No guardado: corrige primero los problemas que se muestran junto a los campos.",
  notSaved: (reason) => `No guardado: ${reason}`,
  recorded: (message) => `Guardado y registrado en el historial: ${message}`,
  nothingToRecord: "Guardado. Nada nuevo que registrar: el archivo ya está así en el historial.",
  reloaded: (file) => `${file} cambió en el disco y se volvió a cargar.`,
  upgraded: (file, changes) => `${file} se escribió para una forma anterior del formato y se muestra actualizado (${changes}). Guarda para mantenerlo así; el archivo en el disco no cambia hasta entonces.`,
  conflictTitle: "Este archivo se cambió fuera del editor",
  conflictText: "(con un editor de código o un git pull) mientras tenías cambios sin guardar. Elige con qué versión seguir; la otra queda a un Deshacer (Ctrl+Z).",
  keepMine: "Mantener mi versión",
  takeDisk: "Usar la versión del disco",
  diskVersion: "La versión del disco",
  history: "Historial",
  historyIntro: "Cada “Guardar y registrar” graba una versión. Mira qué cambió y restaura una versión anterior como un cambio sin guardar.",
  historyLoad: "Mostrar el historial",
  historyEmpty: "Aún no hay versiones registradas de este archivo.",
  notARepository: "Esta carpeta no es un repositorio git: el historial no está disponible. Guardar sigue funcionando.",
  showChanges: "Ver los cambios",
  hideChanges: "Ocultar los cambios",
  restore: "Restaurar esta versión",
  restored: (when) => `La versión del ${when} se restauró como un cambio sin guardar. Guarda para mantenerla; Deshacer la quita.`,
  changesOf: (when) => `Cambios del ${when}`,
  by: (who) => `por ${who}`,
  commitNothing: "ningún cambio de contenido",
  describe: (change) => {
    switch (change.kind) {
      case "survey-part": return part(change.part);
      case "question-added": return `nueva pregunta “${change.title}”`;
      case "question-removed": return `pregunta “${change.title}” quitada`;
      case "questions-reordered": return "orden de las preguntas";
      case "question-part": return `pregunta ${change.number}: ${part(change.part)}`;
      case "option-added": return `pregunta ${change.number}: nueva opción “${change.label}”`;
      case "option-removed": return `pregunta ${change.number}: opción “${change.label}” quitada`;
      case "option-relabelled": return `opción “${change.from}” mostrada como “${change.to}”`;
      case "options-reordered": return `pregunta ${change.number}: orden de las opciones`;
    }
  },
  moreChanges: (count) => `y ${count} cambios más`,
};
