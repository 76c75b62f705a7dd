// Reading a Prometheus text scrape (a process's GET /metrics) in the tests.

/** The value of one series (`name{label="value",...}`, exactly as exposed) in a scrape; 0 when absent. */
export function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
