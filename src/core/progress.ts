/** Progress as the spec defines it: (zero-based index + 1) / total, percentage rounded. */
export interface Progress {
  current: number;
  total: number;
  percent: number;
}

export function progressOf(index: number, total: number): Progress {
  const current = index + 1;
  return { current, total, percent: Math.round((current / total) * 100) };
}
