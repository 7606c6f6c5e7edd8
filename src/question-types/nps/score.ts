/** The Net Promoter Score of a 0–10 histogram: promoters answer 9–10, passives 7–8, detractors 0–6; the score is the promoters' share minus the detractors', in points (−100…100). */
export interface NpsScore {
  n: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** null while nobody answered. */
  score: number | null;
}

export function npsScore(histogram: readonly { value: number; count: number }[]): NpsScore {
  const sum = (test: (value: number) => boolean) => histogram.filter((bar) => test(bar.value)).reduce((total, bar) => total + bar.count, 0);
  const promoters = sum((value) => value >= 9);
  const passives = sum((value) => value === 7 || value === 8);
  const detractors = sum((value) => value <= 6);
  const n = promoters + passives + detractors;
  return { n, promoters, passives, detractors, score: n === 0 ? null : (100 * (promoters - detractors)) / n };
}
