/** Median of several runs, with the spread, so one noisy run does not make the figure. */
export interface Figure {
  name: string;
  unit: string;
  median: number;
  runs: number[];
  how: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function measure(
  name: string,
  unit: string,
  how: string,
  runs: number,
  once: (run: number) => Promise<number>,
): Promise<Figure> {
  const values: number[] = [];
  for (let run = 0; run < runs; run++) values.push(await once(run));
  const figure = { name, unit, median: median(values), runs: values, how };
  print(figure);
  return figure;
}

export function print(figure: Figure): void {
  const round = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-AU') : v.toFixed(2));
  process.stdout.write(
    `${figure.name.padEnd(58)} ${round(figure.median).padStart(10)} ${figure.unit}   (runs: ${figure.runs.map(round).join(', ')})\n`,
  );
}

export function perSecond(count: number, startedNs: bigint): number {
  return count / (Number(process.hrtime.bigint() - startedNs) / 1e9);
}
