/** One measured figure, with the target it is reported against (if any). */
export interface Metric {
  name: string;
  value: number | string;
  unit?: string;
  /** Human-readable target, e.g. '≥ 150'. */
  target?: string;
  /** Whether the measured value meets the target; undefined when there is no target. */
  met?: boolean;
}

export type BenchStatus = 'ok' | 'failed';

export interface BenchResult {
  name: string;
  status: BenchStatus;
  startedAt: string;
  durationMs: number;
  /** 1-minute load average when the bench started: other processes share the cores. */
  loadAverageAtStart: number;
  metrics: Metric[];
  /** How the figures were taken (timing source, sample sizes, backend…). */
  notes: string[];
  error?: string;
}

/** What a bench gets to report with: it adds metrics and notes as it goes, so a late failure keeps the early figures. */
export interface BenchContext {
  metric(metric: Metric): void;
  note(text: string): void;
  /** Progress line on stderr (keeps stdout for the tables). */
  log(text: string): void;
}

export interface Bench {
  name: string;
  description: string;
  run(context: BenchContext): Promise<void>;
}
