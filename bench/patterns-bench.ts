// bench:patterns — the template parser's grouping accuracy on the loghub samples (logpai's definition), one set of
// settings for every system, and its speed on one core over the samples' lines repeated to --lines (default 1M).
// Usage: npm run bench:patterns [-- --lines=1000000 --batch=10000]
import { performance } from 'node:perf_hooks';
import { groupingAccuracy } from '../src/patterns/grouping-accuracy.js';
import { PatternParser } from '../src/patterns/pattern-parser.js';
import { loghubSystems, readLoghubSample, type LoghubSample } from '../test/support/loghub-samples.js';

// Drain (Zhu et al., ICSE-SEIP 2019) and the best later figure (Brain, logpai/logparser) on the same labels.
const anchors: Record<string, readonly [number, number]> = {
  HDFS: [0.998, 0.998],
  Hadoop: [0.948, 0.949],
  Spark: [0.92, 0.998],
  Zookeeper: [0.967, 0.988],
  BGL: [0.963, 0.986],
  HPC: [0.887, 0.945],
  Thunderbird: [0.955, 0.971],
  Windows: [0.997, 0.997],
  Linux: [0.69, 0.996],
  Mac: [0.787, 0.942],
  Android: [0.911, 0.961],
  HealthApp: [0.78, 1],
  Apache: [1, 1],
  OpenSSH: [0.788, 1],
  OpenStack: [0.733, 1],
  Proxifier: [0.527, 1],
};

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const totalLines = Number(args.get('lines') ?? 1_000_000);
const batch = Number(args.get('batch') ?? 10_000);

const samples = loghubSystems().map(readLoghubSample);
console.log('| system | grouping accuracy | Drain | best published | templates | true templates |');
console.log('| --- | --- | --- | --- | --- | --- |');
let sum = 0;
let belowDrain = 0;
for (const sample of samples) {
  const parser = new PatternParser();
  const labels = parser.learn(sample.contents).map((template) => String(template.id));
  const accuracy = groupingAccuracy(sample.eventIds, labels);
  const [drain, best] = anchors[sample.system] ?? [0, 0];
  if (Math.round(accuracy * 1000) / 1000 < drain) belowDrain++;
  sum += accuracy;
  console.log(
    `| ${sample.system} | ${accuracy.toFixed(3)} | ${drain.toFixed(3)} | ${best.toFixed(3)} | ${parser.templates.length} | ${new Set(sample.eventIds).size} |`,
  );
}
const average = sum / samples.length;
console.log(`| **average** | **${average.toFixed(3)}** | 0.865 | 0.983 | | |`);
console.log(`systems below Drain: ${belowDrain}`);

console.log(
  `\nspeed: ${totalLines.toLocaleString('en')} lines (the ${samples.length} samples repeated, one parser per system), batches of ${batch}`,
);
const perSystem = Math.ceil(totalLines / samples.length);
let elapsed = 0;
let cpu = 0;
let parsed = 0;
for (const sample of samples) {
  const lines = repeated(sample, perSystem);
  const parser = new PatternParser();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < lines.length; i += batch) parser.learn(lines.slice(i, i + batch));
  elapsed += performance.now() - started;
  const used = process.cpuUsage(cpuStarted);
  cpu += (used.user + used.system) / 1000;
  parsed += lines.length;
}
// One thread parses; CPU time is what one core spends, wall time what a busy machine shows.
console.log(`parsed ${parsed.toLocaleString('en')} lines in ${(elapsed / 1000).toFixed(2)} s wall, ${(cpu / 1000).toFixed(2)} s CPU:`);
console.log(
  `${Math.round(parsed / (cpu / 1000)).toLocaleString('en')} lines per CPU second, ${Math.round(parsed / (elapsed / 1000)).toLocaleString('en')} lines/s wall`,
);
if (average < 0.95 || belowDrain > 0) process.exitCode = 1;

function repeated(sample: LoghubSample, count: number): string[] {
  const lines: string[] = [];
  while (lines.length < count) lines.push(...sample.contents.slice(0, count - lines.length));
  return lines;
}
