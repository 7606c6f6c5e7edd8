/** The text that describes a slider value: the first configured range that contains it. */
export function sliderValueLabel(value: number, labels: readonly { from: number; to: number; label: string }[] = []): string | undefined {
  return labels.find((range) => value >= range.from && value <= range.to)?.label;
}
