/** The editor's own words in Portuguese, the content team's language and the default. */
import type { SurveyChange } from "../model/describe-changes.ts";

const part = (name: string) => PARTS[name] ?? name;
const PARTS: Record<string, string> = {
  title: "título", subtitle: "subtítulo", emoji: "emoji", placeholder: "texto de exemplo", required: "obrigatoriedade", showIf: "condição",
  other: "campo 'outro'", valueLabels: "textos das faixas", minLabel: "texto do mínimo", maxLabel: "texto do máximo", min: "mínimo", max: "máximo",
  default: "valor inicial", step: "passo", maxSelections: "máximo de escolhas", type: "tipo",
  pageTitle: "título da página", description: "descrição da página", messages: "botões, dicas e avisos", thankYou: "página de agradecimento",
  notFound: "página não encontrada", professionalName: "nome do profissional", hiddenFields: "campos ocultos", campaign: "campanha", route: "endereço", table: "tabela",
};

export const ptBR = {
  language: "pt-BR",
  title: "Editor de questionários",
  openHint: "Abra-o no navegador. Para encerrar, Ctrl+C.",
  surveyFiles: "Arquivos de questionário",
  chooseFile: "Escolha um arquivo de questionário para editar.",
  confirmLeave: (open: string, next: string) => `${open} tem alterações não salvas. Abrir ${next} e perdê-las?`,
  toolbar: "Arquivo",
  undo: "Desfazer",
  redo: "Refazer",
  save: "Salvar",
  saveAndRecord: "Salvar e registrar",
  conflictState: "Conflito: escolha uma versão no aviso abaixo",
  problemsState: (count: number) => (count === 1 ? "1 problema a corrigir antes de salvar" : `${count} problemas a corrigir antes de salvar`),
  unsaved: "Alterações não salvas",
  allSaved: "Todas as alterações salvas",
  notSavedConflict: "Não salvo: escolha primeiro uma versão no aviso de conflito.",
  nothingToSave: "Nada a salvar: nenhuma alteração desde a última vez.",
  saved: (file: string) => `Salvo: ${file}.`,
  notSavedProblems: "Não salvo: corrija primeiro os problemas mostrados ao lado dos campos.",
  notSaved: (reason: string) => `Não salvo: ${reason}`,
  recorded: (message: string) => `Salvo e registrado no histórico: ${message}`,
  nothingToRecord: "Salvo. Nada novo a registrar: o arquivo já está assim no histórico.",
  reloaded: (file: string) => `${file} mudou no disco e foi recarregado.`,
  upgraded: (file: string, changes: string) => `${file} foi escrito para uma forma anterior do formato e aparece atualizado (${changes}). Salve para mantê-lo assim; o arquivo no disco não muda até lá.`,
  conflictTitle: "Este arquivo foi alterado fora do editor",
  conflictText: "(por um editor de código ou um git pull) enquanto você tinha alterações não salvas. Escolha com qual versão continuar; a outra fica a um Desfazer (Ctrl+Z) de distância.",
  keepMine: "Manter a minha versão",
  takeDisk: "Usar a versão do disco",
  diskVersion: "A versão do disco",
  history: "Histórico",
  historyIntro: "Cada “Salvar e registrar” grava uma versão. Veja o que mudou e restaure uma versão anterior como uma alteração não salva.",
  historyLoad: "Mostrar o histórico",
  historyEmpty: "Nenhuma versão registrada deste arquivo ainda.",
  notARepository: "Esta pasta não é um repositório git: o histórico não está disponível. Salvar continua funcionando.",
  showChanges: "Ver as alterações",
  hideChanges: "Ocultar as alterações",
  restore: "Restaurar esta versão",
  restored: (when: string) => `A versão de ${when} foi restaurada como alteração não salva. Salve para mantê-la; Desfazer a retira.`,
  changesOf: (when: string) => `Alterações de ${when}`,
  by: (who: string) => `por ${who}`,
  commitNothing: "nenhuma alteração de conteúdo",
  describe: (change: SurveyChange): string => {
    switch (change.kind) {
      case "survey-part": return part(change.part);
      case "question-added": return `nova pergunta “${change.title}”`;
      case "question-removed": return `pergunta “${change.title}” removida`;
      case "questions-reordered": return "ordem das perguntas";
      case "question-part": return `pergunta ${change.number}: ${part(change.part)}`;
      case "option-added": return `pergunta ${change.number}: nova opção “${change.label}”`;
      case "option-removed": return `pergunta ${change.number}: opção “${change.label}” removida`;
      case "option-relabelled": return `opção “${change.from}” mostrada como “${change.to}”`;
      case "options-reordered": return `pergunta ${change.number}: ordem das opções`;
    }
  },
  moreChanges: (count: number) => `e mais ${count} alterações`,
};

export type EditorWords = typeof ptBR;
