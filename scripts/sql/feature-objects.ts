/**
 * What one response per person, the bot check (once-sql.ts), the quality
 * flags (quality-sql.ts), the quotas (quota-sql.ts) and the arms (arms-sql.ts) add to a survey's table and to the database, as
 * db:check expects it (expected-database.ts); nothing for a survey that uses none.
 */
import { BOT_CHECK, ONCE_KEY, oncePolicy, usesOnceOrBotCheck } from "../../src/core/once.ts";
import { QUALITY_COLUMN, usesQuality } from "../../src/core/quality.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { ALTCHA_CHALLENGE_FUNCTION, ALTCHA_GATE_FUNCTION, LINK_SIGNATURE_FUNCTION, MINT_LINKS_FUNCTION, ONCE_GATE_FUNCTION, ONCE_TRIGGERS } from "./once-sql.ts";
import { QUALITY_CHECK, QUALITY_CHECK_COMMENT, QUALITY_TRIGGER, qualityConstraintName, qualityFunctionName } from "./quality-sql.ts";
import { COMPATIBLE_TYPES } from "./survey-table-sql.ts";
import { usesQuotas } from "../../src/core/quotas.ts";
import { QUOTA_TRIGGERS, quotaFunctionName } from "./quota-sql.ts";
import { armFunctionName, usesArms } from "../../src/core/arms.ts";

export interface FeatureObjects {
  columns: { column: string; type: string; accepted: string[] }[];
  constraints: { name: string; comment: string; check: string }[];
  triggers: string[];
  functions: string[];
}

export function featureObjects(config: SurveyConfig): FeatureObjects {
  const objects: FeatureObjects = { columns: [], constraints: [], triggers: [], functions: [] };
  const text = (column: string) => ({ column, type: "text", accepted: COMPATIBLE_TYPES.text });
  if (oncePolicy(config) !== "none") {
    objects.columns.push(text(ONCE_KEY));
    objects.triggers.push(ONCE_TRIGGERS.once);
  }
  if (config.botCheck) {
    objects.columns.push(text(BOT_CHECK));
    objects.triggers.push(ONCE_TRIGGERS.botCheck);
  }
  if (usesOnceOrBotCheck(config)) objects.functions.push(LINK_SIGNATURE_FUNCTION, MINT_LINKS_FUNCTION, ONCE_GATE_FUNCTION, ALTCHA_GATE_FUNCTION, ALTCHA_CHALLENGE_FUNCTION);
  if (usesQuality(config)) {
    objects.columns.push({ column: QUALITY_COLUMN, type: "text[]", accepted: COMPATIBLE_TYPES["text[]"] });
    objects.constraints.push({ name: qualityConstraintName(config.table), comment: QUALITY_CHECK_COMMENT, check: QUALITY_CHECK });
    objects.triggers.push(QUALITY_TRIGGER);
    objects.functions.push(qualityFunctionName(config.table));
  }
  if (usesQuotas(config)) {
    objects.triggers.push(...Object.values(QUOTA_TRIGGERS));
    objects.functions.push(...(Object.keys(QUOTA_TRIGGERS) as (keyof typeof QUOTA_TRIGGERS)[]).map((what) => quotaFunctionName(config.table, what)));
  }
  if (usesArms(config)) objects.functions.push(`public.${armFunctionName(config.table)}`);
  return objects;
}
