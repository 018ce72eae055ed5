/**
 * The services of the real-logs data set: which real source each one's lines come from, how it ships them, on
 * which hosts it runs and how much it logs. Hosts number in the hundreds; Kubernetes pods are renamed at every
 * deploy (every few hours), so pod names number in the thousands over a week.
 */

/** How a log reaches the listener: the document shapes of the shipper captures (shippers.ts). */
export type ShipperKind =
  'fluent-bit' | 'filebeat' | 'filebeat-ecs' | 'rsyslog' | 'syslog-ng' | 'logzio-nodejs' | 'winston-logzio' | 'pino';

/** Where a service's lines come from: Elastic's access log or one loghub system. */
export type SourceName = 'access' | string;

export interface ServiceSpec {
  readonly name: string;
  readonly source: SourceName;
  /** The Logz.io log type it ships with. */
  readonly type: string;
  /** Share of all logs (normalised over the catalog). */
  readonly weight: number;
  readonly shippers: readonly (readonly [ShipperKind, number])[];
  readonly hosts: HostGroup;
  readonly team: string;
  /** Kubernetes services: pods per deploy. */
  readonly replicas?: number;
}

export type HostGroup =
  'k8s-node' | 'web' | 'datanode' | 'namenode' | 'compute' | 'vm' | 'zookeeper' | 'hpc-collector' | 'windows' | 'mac' | 'none';

export const SERVICES: readonly ServiceSpec[] = [
  k8s('storefront-web', 'access', 'nginx-ingress', 0.16, 'checkout', 24),
  k8s('api-gateway', 'access', 'nginx-ingress', 0.14, 'platform', 16),
  vm('static-web', 'access', 'apache', 0.06, 'web', 'platform', [
    ['filebeat', 0.8],
    ['filebeat-ecs', 0.2],
  ]),
  vm('blog-web', 'access', 'apache', 0.04, 'web', 'search', [
    ['filebeat', 0.8],
    ['filebeat-ecs', 0.2],
  ]),
  vm('hdfs-datanode', 'HDFS', 'hdfs', 0.07, 'datanode', 'data', [['filebeat', 1]]),
  vm('hdfs-namenode', 'HDFS', 'hdfs', 0.01, 'namenode', 'data', [['filebeat', 1]]),
  k8s('mapreduce', 'Hadoop', 'java', 0.04, 'data', 12),
  k8s('spark-executor', 'Spark', 'java', 0.05, 'data', 40),
  vm('zookeeper', 'Zookeeper', 'java', 0.02, 'zookeeper', 'infra', [['filebeat', 1]]),
  vm('nova-api', 'OpenStack', 'openstack', 0.03, 'compute', 'infra', [['filebeat', 1]]),
  vm('nova-compute', 'OpenStack', 'openstack', 0.02, 'compute', 'infra', [['filebeat', 1]]),
  vm('sshd', 'OpenSSH', 'syslog', 0.07, 'vm', 'identity', [
    ['rsyslog', 0.8],
    ['syslog-ng', 0.2],
  ]),
  vm('linux-syslog', 'Linux', 'syslog', 0.04, 'vm', 'infra', [
    ['rsyslog', 0.8],
    ['syslog-ng', 0.2],
  ]),
  vm('apache-error', 'Apache', 'apache-error', 0.02, 'web', 'platform', [['filebeat', 1]]),
  vm('bgl-ras', 'BGL', 'hpc', 0.02, 'hpc-collector', 'infra', [['rsyslog', 1]]),
  vm('hpc-cluster', 'HPC', 'hpc', 0.02, 'hpc-collector', 'infra', [['rsyslog', 1]]),
  vm('thunderbird', 'Thunderbird', 'hpc', 0.03, 'hpc-collector', 'infra', [['rsyslog', 1]]),
  vm('windows-cbs', 'Windows', 'windows', 0.03, 'windows', 'infra', [['filebeat', 1]]),
  vm('mac-fleet', 'Mac', 'macos', 0.03, 'mac', 'infra', [['filebeat-ecs', 1]]),
  vm('android-app', 'Android', 'mobile', 0.04, 'none', 'mobile', [
    ['logzio-nodejs', 0.5],
    ['winston-logzio', 0.5],
  ]),
  vm('health-app', 'HealthApp', 'mobile', 0.03, 'none', 'mobile', [
    ['winston-logzio', 0.6],
    ['pino', 0.4],
  ]),
  vm('proxy-client', 'Proxifier', 'desktop', 0.02, 'windows', 'identity', [['logzio-nodejs', 1]]),
];

function k8s(name: string, source: SourceName, type: string, weight: number, team: string, replicas: number): ServiceSpec {
  return { name, source, type, weight, shippers: [['fluent-bit', 1]], hosts: 'k8s-node', team, replicas };
}

function vm(
  name: string,
  source: SourceName,
  type: string,
  weight: number,
  hosts: HostGroup,
  team: string,
  shippers: readonly (readonly [ShipperKind, number])[],
): ServiceSpec {
  return { name, source, type, weight, shippers, hosts, team };
}

const pad = (n: number, width = 3): string => String(n).padStart(width, '0');

/** The hosts of each group, the same for every seed: about 450 in all. */
export function hostGroups(): ReadonlyMap<HostGroup, readonly string[]> {
  const range = (n: number, name: (i: number) => string): string[] => Array.from({ length: n }, (_, i) => name(i + 1));
  const web = range(120, (i) => `web-${pad(i)}`);
  const datanodes = range(60, (i) => `dn-${pad(i)}`);
  const compute = range(40, (i) => `compute-${pad(i, 2)}`);
  const zookeeper = range(5, (i) => `zk-${i}`);
  const namenodes = ['nn-1', 'nn-2'];
  return new Map<HostGroup, readonly string[]>([
    ['k8s-node', range(150, (i) => `ip-10-${20 + (i % 4)}-${(i * 37) % 256}-${(i * 91) % 254}.ec2.internal`)],
    ['web', web],
    ['datanode', datanodes],
    ['namenode', namenodes],
    ['compute', compute],
    ['vm', [...web, ...datanodes, ...compute, ...zookeeper, ...namenodes]],
    ['zookeeper', zookeeper],
    ['hpc-collector', range(6, (i) => `hpc-log-${pad(i, 2)}`)],
    ['windows', range(30, (i) => `WIN-${(0x3a7f1 * i).toString(36).toUpperCase().slice(0, 7)}`)],
    ['mac', range(50, (i) => `mbp-${pad(i)}.corp.example.com`)],
    ['none', []],
  ]);
}

export const ENVIRONMENTS: readonly (readonly [string, number])[] = [
  ['prod', 0.85],
  ['staging', 0.12],
  ['dev', 0.03],
];

export const REGIONS: readonly string[] = ['eu-west-1', 'us-east-1', 'ap-southeast-2'];
