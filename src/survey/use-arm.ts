/**
 * The runner's side of A/B arms (src/core/arms.ts). The page asks the
 * database for a new respondent's arm once, when the survey opens (the first
 * question reads the same in every arm, so it is on screen meanwhile); a
 * restored draft or a resumed partial response brings its own arm, and the
 * answer that arrives after it is dropped. When the call fails or takes too
 * long (offline, a cold database), the page draws the arm itself and says so
 * in arm_source, so the comparison stays randomised and the report can set
 * those rows apart. The arm lives in the answers (ARM_ID), where drafts and
 * partial responses keep it and toRow stores it; "start over" keeps it.
 * The runner calls these only on a site with arms (SITE_ARMS).
 */
import { useEffect, useMemo, useRef } from "react";
import { useWatch, type Control, type UseFormReturn } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import { ARM_ID, ARM_SOURCE_ID, armedSurvey, armFunctionName, drawArm, knownArm, usesArms, type ArmSource } from "../core/arms.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

/** Long enough for a phone on a slow network, short enough to be decided before a respondent leaves the first question. */
export const ASSIGN_TIMEOUT_MS = 4_000;

async function assignedArm(table: string): Promise<unknown> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !key) throw new Error("VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set at build time");
  const response = await fetch(`${url}/rest/v1/rpc/${armFunctionName(table)}`, {
    method: "POST",
    signal: AbortSignal.timeout(ASSIGN_TIMEOUT_MS),
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

/** The survey as the respondent's arm words and orders it (the file itself until the arm is known). */
export function useArmedSurvey(config: ResolvedSurvey, control: Control<Answers>): ResolvedSurvey {
  const arm = useWatch({ control, name: ARM_ID }) as unknown;
  return useMemo(() => (usesArms(config) ? armedSurvey(config, knownArm(config, arm)) : config), [config, arm]);
}

/** Gives a new respondent an arm; called after the draft's and the partial response's hooks, whose restore runs first. */
export function useArmAssignment(config: ResolvedSurvey, form: UseFormReturn<Answers>): void {
  const kept = useRef<{ arm: string; source: ArmSource }>(undefined);
  const watched = useWatch({ control: form.control, name: ARM_ID }) as unknown;
  const keep = (arm: string, source: ArmSource) => {
    form.setValue(ARM_ID, arm);
    form.setValue(ARM_SOURCE_ID, source);
  };
  useEffect(() => {
    if (!usesArms(config) || knownArm(config, form.getValues(ARM_ID))) return;
    let live = true;
    assignedArm(config.table)
      .then((answer) => {
        const arm = knownArm(config, answer);
        if (!arm) throw new Error(`the database answered ${JSON.stringify(answer)}, not one of the survey's arms`);
        return arm;
      })
      .then(
        (arm) => live && !knownArm(config, form.getValues(ARM_ID)) && keep(arm, "database"),
        (error) => {
          if (!live || knownArm(config, form.getValues(ARM_ID))) return;
          console.warn(`[survey] ${armFunctionName(config.table)} could not assign an arm; the page drew one`, error);
          keep(drawArm(config), "page");
        },
      );
    return () => {
      live = false;
    };
  }, [config.table]);
  // "Start over" resets the answers to the opening ones, which the arm came after: it is put back.
  useEffect(() => {
    const arm = knownArm(config, watched);
    if (arm) kept.current = { arm, source: form.getValues(ARM_SOURCE_ID) === "page" ? "page" : "database" };
    else if (kept.current) keep(kept.current.arm, kept.current.source);
  }, [watched]);
}
