/** The position effects' words in each language of the report (src/report/sections/positions/). */
import { wordsFor, type SectionLanguage } from "../words-for.ts";

const ptBR = {
  heading: "Efeito da posição",
  intro: "Nas perguntas com as opções em ordem sorteada: quantas vezes a resposta estava em cada lugar da lista que a pessoa viu. Sem efeito da posição, cada lugar sorteado recebe a mesma parte; uma opção fixa (como “Otro”) fica sempre no seu lugar e não entra no teste.",
  place: "Lugar na lista",
  placeNumber: "{place}º",
  fixed: "{place}º (fixo)",
  chosen: "Escolhida nesse lugar",
  chosenMany: "Marcada nesse lugar",
  share: "{share} ({count} de {base})",
  noEffect: "Sem indício de efeito da posição: χ² = {statistic}, {df} g.l., p {p}.",
  effect: "A posição mudou as respostas: χ² = {statistic}, {df} g.l., p {p}. Compare as opções com cuidado: as mostradas em certos lugares foram escolhidas mais.",
  lowExpected: "Poucas respostas por lugar (menos de 5 esperadas): o valor de p é aproximado.",
  noTest: "Sem respostas com a ordem sorteada guardada para testar.",
};

export type PositionWords = typeof ptBR;

const es: PositionWords = {
  heading: "Efecto de la posición",
  intro: "En las preguntas con las opciones en orden sorteado: cuántas veces la respuesta estaba en cada lugar de la lista que la persona vio. Sin efecto de la posición, cada lugar sorteado recibe la misma parte; una opción fija (como “Otro”) queda siempre en su lugar y no entra en la prueba.",
  place: "Lugar en la lista",
  placeNumber: "{place}.º",
  fixed: "{place}.º (fijo)",
  chosen: "Elegida en ese lugar",
  chosenMany: "Marcada en ese lugar",
  share: "{share} ({count} de {base})",
  noEffect: "Sin indicio de efecto de la posición: χ² = {statistic}, {df} g.l., p {p}.",
  effect: "La posición cambió las respuestas: χ² = {statistic}, {df} g.l., p {p}. Compare las opciones con cuidado: las mostradas en ciertos lugares se eligieron más.",
  lowExpected: "Pocas respuestas por lugar (menos de 5 esperadas): el valor p es aproximado.",
  noTest: "No hay respuestas con el orden sorteado guardado para probar.",
};

const en: PositionWords = {
  heading: "Position effects",
  intro: "For the questions whose options are shown in a random order: how often the answer stood in each place of the list the respondent saw. With no effect of the place, every shuffled place gets the same share; an anchored option (such as “Other”) keeps its place and is left out of the test.",
  place: "Place in the list",
  placeNumber: "#{place}",
  fixed: "#{place} (anchored)",
  chosen: "Chosen in that place",
  chosenMany: "Ticked in that place",
  share: "{share} ({count} of {base})",
  noEffect: "No sign of a position effect: χ² = {statistic}, {df} d.f., p {p}.",
  effect: "The place changed the answers: χ² = {statistic}, {df} d.f., p {p}. Compare the options with care: those shown in some places were chosen more.",
  lowExpected: "Few answers per place (fewer than 5 expected): the p-value is rough.",
  noTest: "No answers with their random order stored to test.",
};

export const POSITION_WORDS: Record<SectionLanguage, PositionWords> = { "pt-BR": ptBR, es, en };

export const positionWordsFor = (language: string): PositionWords => wordsFor(POSITION_WORDS, language);
