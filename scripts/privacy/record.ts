/**
 * The record of processing (registro das operações de tratamento, LGPD art.
 * 37) from the survey files, in Portuguese, in the order of ANPD's simplified
 * template for small processing agents: who, which data about whom, why, on
 * which legal basis, shared with whom, where hosted, kept how long, who can
 * read it, and how it is protected. Pure: configs and the hosting in, Markdown out.
 */
import { oncePolicy } from "../../src/core/once.ts";
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import { QUALITY_COLUMN, usesQuality } from "../../src/core/quality.ts";
import { RECEIPT_COLUMN, receiptPagePath, usesReceipts } from "../../src/core/receipt.ts";
import { SHOWN_ORDER_COLUMN, usesShuffle } from "../../src/core/shown-order.ts";
import { ARM_COLUMN, ARM_SOURCE_COLUMN, usesArms } from "../../src/core/arms.ts";
import { CONSENT, DEFINITION_VERSION, storedFields, type StoredField } from "../../src/core/fields.ts";
import { DEFINITION_COMMIT_COLUMN } from "../../src/core/definition-version.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { recordsVisits } from "../../src/core/visit-steps.ts";

const LEGAL_BASES: Record<string, string> = {
  consent: "Consentimento do titular (art. 7º, I)",
  "legitimate-interest": "Legítimo interesse do controlador (art. 7º, IX)",
  contract: "Execução de contrato ou procedimentos preliminares (art. 7º, V)",
  "legal-obligation": "Cumprimento de obrigação legal (art. 7º, II)",
};

const MISSING = "**não declarado no arquivo** (preencha `processing` em";
const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function fieldLine(field: StoredField): string {
  if (field.question) return `\`${field.column}\`: ${cell(field.question.title)}${field.id === field.question.id ? "" : " (texto livre complementar)"}`;
  if (field === CONSENT) return `\`${field.column}\`: versão do texto de consentimento aceito`;
  if (field === DEFINITION_VERSION) return `\`${field.column}\`, \`${DEFINITION_COMMIT_COLUMN}\`: a versão do questionário que a pessoa viu e o commit do site que a mostrou (nenhum dado pessoal)`;
  return `\`${field.column}\`: ${field.id === "visitId" ? "identificador aleatório da visita" : field.id === "language" ? "idioma em que respondeu" : field.id === "ending" ? "final alcançado" : "origem do acesso (parâmetro do endereço)"}`;
}

/** What the features a file turns on store beside the answers, each column with what it holds. */
function featureLines(config: SurveyConfig): string[] {
  const lines: string[] = [];
  if (usesPartialResponses(config)) {
    const { finished, lastStep, questionMs, secretHash, updatedAt, saveNumber } = PARTIAL_COLUMNS;
    lines.push(`\`${questionMs}\`: tempo em cada pergunta (milissegundos, medidos pela página)`, `\`${finished}\`, \`${lastStep}\`: se a resposta foi concluída e a última pergunta alcançada`, `\`${secretHash}\`: hash SHA-256 do segredo do link "continuar depois"`, `\`${updatedAt}\`: data e hora do último salvamento`, `\`${saveNumber}\`: quantos salvamentos o aparelho já fez desta resposta (nenhum dado pessoal)`);
  }
  if (usesQuality(config)) lines.push(`\`${QUALITY_COLUMN}\`: sinais de qualidade calculados pelo banco (resposta rápida demais, campo-armadilha preenchido, mesma coluna em toda a matriz)`);
  const policy = oncePolicy(config);
  const onceKey = { browser: "chave aleatória do navegador (uma resposta por navegador)", link: "token do link pessoal com que respondeu", field: `hash SHA-256 da resposta a \`${config.oncePerQuestion ?? ""}\`, sem maiúsculas nem espaços (uma resposta por valor)` };
  if (policy !== "none") lines.push(`\`once_key\`: ${onceKey[policy]}`);
  if (usesReceipts(config)) lines.push(`\`${RECEIPT_COLUMN}\`: hash SHA-256 do código do comprovante`);
  if (usesShuffle(config)) lines.push(`\`${SHOWN_ORDER_COLUMN}\`: a ordem sorteada em que a pessoa viu as perguntas e as opções (nenhum dado pessoal)`);
  if (usesArms(config)) lines.push(`\`${ARM_COLUMN}\`, \`${ARM_SOURCE_COLUMN}\`: a variante (A/B) que a pessoa viu e quem a escolheu, o banco ou a página (nenhum dado pessoal)`);
  return lines;
}

const days = (n: number | undefined, what: string, after = "o registro") => (n ? `${what}: exclusão automática ${n} dias após ${after}` : `${what}: guarda até exclusão manual`);

/** Responses, unfinished ones (with partial responses) and visit events, each with its own term. */
function retentionText({ retention, ...config }: SurveyConfig): string {
  const unfinished = usesPartialResponses(config) ? [days(retention?.unfinishedResponsesDays, "respostas não concluídas", "a última resposta")] : [];
  return [days(retention?.responsesDays, "Respostas"), ...unfinished, days(retention?.visitEventsDays, "eventos de visita")].join("; ");
}

export interface RecordOptions {
  /** Where the database is hosted, e.g. "Supabase, projeto https://abc.supabase.co". */
  hosting: string;
  /** The date written in the record (YYYY-MM-DD). */
  date: string;
}

function surveySection(config: SurveyConfig, source: string, { hosting }: RecordOptions): string {
  const p = config.processing;
  const missing = `${MISSING} \`${source}\`)`;
  const rows: [string, string][] = [
    ["Controlador", p ? cell(p.controller) : missing],
    ["Encarregado (ou canal de comunicação)", p?.dataProtectionOfficer ? cell(p.dataProtectionOfficer) : missing],
    ["Titulares", p?.dataSubjects ? cell(p.dataSubjects) : missing],
    ["Dados pessoais tratados", `Respostas na tabela \`${config.table}\`: ${[...storedFields(config).map(fieldLine), ...featureLines(config)].join("; ")}; \`created_at\`: data e hora do envio`],
    ["Dados de navegação", recordsVisits(config) ? "Eventos de visita (`visit_events`): passos da visita (aberta, pergunta alcançada, enviada) e os parâmetros de origem; nunca uma resposta nem um endereço IP" : "Nenhum (eventos de visita desligados)"],
    ["Finalidade", p ? cell(p.purpose) : missing],
    ["Hipótese legal", p ? (LEGAL_BASES[p.legalBasis] ?? p.legalBasis) : missing],
    ["Consentimento registrado", config.consent ? `Sim: cada resposta guarda a versão (hash) do texto aceito, por idioma; aviso de privacidade em ${config.consent.noticeUrl}` : "Não: a pesquisa não tem etapa de consentimento"],
    ["Compartilhamento", p?.sharedWith ? cell(p.sharedWith) : "Nenhum além do provedor de hospedagem"],
    ["Onde os dados ficam", cell(hosting)],
    ["Prazo de retenção", retentionText(config)],
    ...(usesReceipts(config) ? [["Acesso e eliminação pelo titular", `Comprovante: um código de 16 letras e números mostrado após o envio (o banco guarda só o hash SHA-256); com ele, na página \`${receiptPagePath(config)}\`, o titular vê e baixa (JSON) a resposta guardada e a apaga, com os eventos da visita e a sua parte nas contagens; consultas limitadas por endereço como os envios`] as [string, string]] : []),
    ["Quem pode ler", "Somente quem tem a chave `service_role` do projeto (membros do projeto no painel do Supabase e quem gera o relatório com `npm run report`). A chave pública (`anon`) só insere: não lê, não altera, não apaga"],
    ["Medidas de segurança", "Inserção somente (RLS), verificações no banco de tudo o que a página poderia enviar, limite de envios por endereço guardado só como hash com sal trocado diariamente, nenhum endereço IP armazenado, rascunhos só no aparelho do respondente (apagados após o envio ou em 30 dias)"],
  ];
  return `## ${cell(config.pageTitle)} (\`${config.id}\`, rota \`${config.route}\`)

| Item | Descrição |
|---|---|
${rows.map(([item, text]) => `| ${item} | ${text} |`).join("\n")}
`;
}

export function processingRecord(surveys: { config: SurveyConfig; source: string }[], options: RecordOptions): string {
  return `# Registro das operações de tratamento de dados pessoais

Gerado por \`npm run privacy\` a partir dos arquivos das pesquisas em ${options.date}, no formato do modelo simplificado da ANPD para agentes de tratamento de pequeno porte (LGPD, art. 37; Resolução CD/ANPD nº 2/2022). Não edite à mão: mude o arquivo da pesquisa e gere de novo.

${surveys.map(({ config, source }) => surveySection(config, source, options)).join("\n")}`;
}
