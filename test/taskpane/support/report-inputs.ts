/** Inputs for every report template at once (each reads the ones it has): the tests' usual report. */
export const SAMPLE_INPUTS = {
  market: "US",
  nodeIdPath: "172282:281407",
  keyword: "yoga mat",
  asins: "B07Z82895W, B0DGVP84B5",
  picked: "B07Z82895W, B0DGVP84B5",
  minAvgUnits: "300",
  maxAvgRatings: "500",
  maxBrandCrn: "60",
  minAvgPrice: "15",
  maxAvgPrice: "50",
  niche: "172282:281407",
  // What the pane proposes: a filter block's tables headed in words (its `headers | labels` row).
  headers: "labels",
} as const;
