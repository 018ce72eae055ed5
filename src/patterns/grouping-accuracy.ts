/**
 * Grouping accuracy as logpai's evaluator defines it (Zhu et al., "Tools and Benchmarks for Automated Log Parsing"):
 * a line counts as parsed correctly only when the set of lines in its predicted group is exactly the set of lines of
 * its true group. A group that is split, merged or partly matched scores zero for all of its lines.
 */
export function groupingAccuracy(truth: readonly string[], predicted: readonly string[]): number {
  if (truth.length !== predicted.length) throw new RangeError('truth and predicted must label the same lines');
  if (truth.length === 0) return 1;
  const truthGroups = linesByLabel(truth);
  const predictedGroups = linesByLabel(predicted);
  let correct = 0;
  for (const lines of predictedGroups.values()) {
    const label = truth[lines[0]!]!;
    const truthLines = truthGroups.get(label)!;
    if (truthLines.length === lines.length && lines.every((line) => truth[line] === label)) correct += lines.length;
  }
  return correct / truth.length;
}

function linesByLabel(labels: readonly string[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  labels.forEach((label, line) => {
    const lines = groups.get(label);
    if (lines) lines.push(line);
    else groups.set(label, [line]);
  });
  return groups;
}
