/** The 0–10 recommendation scale: held like a rating (a one-element list, [] unanswered), stored as its number. */
import { pointScale } from "../rating/points.ts";

export const NPS_MAX = 10;

export const nps = /* @__PURE__ */ pointScale<"nps">(() => [0, NPS_MAX]);
