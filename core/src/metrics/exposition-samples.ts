/** One sample of a metric in a Prometheus text exposition: its labels and value. */
export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of metric `name` in a Prometheus text exposition (what `/metrics` answers), with their labels. */
export function metricSamples(text: string, name: string): MetricSample[] {
  const out: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when there is none or several. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = metricSamples(text, name).filter((s) =>
    Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1)
    throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples\n${text.slice(0, 400)}`);
  return found[0]!.value;
}
