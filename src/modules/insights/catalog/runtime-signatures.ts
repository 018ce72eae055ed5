import type { KnownErrorSignature } from './known-error-signature.js';

/** Known errors of databases, the JVM, Node.js and Kubernetes. Sources in `links`. */
export const RUNTIME_SIGNATURES: readonly KnownErrorSignature[] = [
  // Databases
  {
    id: 'postgres-too-many-clients',
    tagName: 'database',
    title: 'PostgreSQL connection slots exhausted',
    description:
      'PostgreSQL refused a connection because max_connections is reached (the last slots are kept for superusers). ' +
      'Use a connection pool or raise max_connections.',
    links: ['https://www.postgresql.org/docs/current/runtime-config-connection.html#GUC-MAX-CONNECTIONS'],
    hint: 'too many clients already',
    pattern: /sorry, too many clients already|remaining connection slots are reserved/,
    query: 'message:"too many clients already"',
  },
  {
    id: 'postgres-deadlock',
    tagName: 'database',
    title: 'PostgreSQL deadlock detected',
    description: 'Two transactions waited on each other and PostgreSQL aborted one. Take locks in one consistent order in the application.',
    links: ['https://www.postgresql.org/docs/current/explicit-locking.html#LOCKING-DEADLOCKS'],
    hint: 'deadlock detected',
    pattern: /\bdeadlock detected\b/,
    query: 'message:"deadlock detected"',
  },
  {
    id: 'mysql-too-many-connections',
    tagName: 'database',
    title: 'MySQL too many connections',
    description: 'MySQL refused a client because max_connections is reached. Close idle connections, pool them, or raise the limit.',
    links: ['https://dev.mysql.com/doc/refman/8.0/en/too-many-connections.html'],
    hint: 'too many connections',
    pattern: /Too many connections/,
    query: 'message:"Too many connections"',
  },
  {
    id: 'mysql-innodb-deadlock',
    tagName: 'database',
    title: 'MySQL InnoDB deadlock',
    description:
      'InnoDB rolled back a transaction to break a deadlock. Retry it, keep transactions short and lock rows in a consistent order.',
    links: ['https://dev.mysql.com/doc/refman/8.0/en/innodb-deadlocks.html'],
    hint: 'deadlock found',
    pattern: /Deadlock found when trying to get lock/,
    query: 'message:"Deadlock found when trying to get lock"',
  },
  {
    id: 'zookeeper-end-of-stream',
    tagName: 'database',
    title: 'ZooKeeper client connection dropped (end of stream)',
    description:
      'A ZooKeeper server read end-of-stream from a client socket: the client closed or lost its connection. Many at once ' +
      'point to clients restarting or to session timeouts shorter than their pauses.',
    links: ['https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html#ch_zkSessions'],
    hint: 'end of stream exception',
    pattern: /caught end of stream exception|EndOfStreamException/,
    query: 'message:"end of stream exception"',
  },

  // JVM
  {
    id: 'jvm-out-of-memory',
    tagName: 'jvm',
    title: 'Java OutOfMemoryError',
    description:
      'The JVM could not allocate an object (Java heap space, GC overhead limit exceeded, Metaspace …). Raise -Xmx or find ' +
      'the leak with a heap dump (-XX:+HeapDumpOnOutOfMemoryError).',
    links: ['https://docs.oracle.com/javase/8/docs/technotes/guides/troubleshoot/memleaks002.html'],
    hint: 'outofmemoryerror',
    pattern: /java\.lang\.OutOfMemoryError/,
    query: 'message:"java.lang.OutOfMemoryError"',
  },
  {
    id: 'jvm-no-route-to-host',
    tagName: 'jvm',
    title: 'Java NoRouteToHostException',
    description:
      'A Java socket could not reach the remote host: no route, usually a firewall or a host that is down. The Hadoop ' +
      'wiki lists the usual causes for cluster services.',
    links: [
      'https://docs.oracle.com/javase/8/docs/api/java/net/NoRouteToHostException.html',
      'https://cwiki.apache.org/confluence/display/HADOOP2/NoRouteToHost',
    ],
    hint: 'noroutetohostexception',
    pattern: /java\.net\.NoRouteToHostException/,
    query: 'message:"java.net.NoRouteToHostException"',
  },
  {
    id: 'jvm-connect-exception',
    tagName: 'jvm',
    title: 'Java ConnectException: connection refused',
    description:
      'A Java client found nothing listening at the remote address and port. The service is down, restarting or on another port.',
    links: [
      'https://docs.oracle.com/javase/8/docs/api/java/net/ConnectException.html',
      'https://cwiki.apache.org/confluence/display/HADOOP2/ConnectionRefused',
    ],
    hint: 'connectexception',
    pattern: /java\.net\.ConnectException/,
    query: 'message:"java.net.ConnectException"',
  },
  {
    id: 'jvm-socket-timeout',
    tagName: 'jvm',
    title: 'Java SocketTimeoutException',
    description:
      'A Java socket read or connect took longer than its timeout. The peer is slow or unreachable, or the timeout is too short.',
    links: ['https://docs.oracle.com/javase/8/docs/api/java/net/SocketTimeoutException.html'],
    hint: 'sockettimeoutexception',
    pattern: /java\.net\.SocketTimeoutException/,
    query: 'message:"java.net.SocketTimeoutException"',
  },
  {
    id: 'hdfs-datanode-serving-exception',
    tagName: 'jvm',
    title: 'HDFS DataNode failed to serve a block',
    description:
      'A DataNode hit an exception while streaming a block to a client, usually because the client went away or the ' +
      'network dropped. HDFS retries the read from another replica.',
    links: ['https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/HdfsDesign.html#Data_Replication'],
    hint: 'got exception while serving',
    pattern: /Got exception while serving blk_\S+ to/,
    query: 'message:"Got exception while serving"',
  },

  // Node.js
  {
    id: 'node-heap-out-of-memory',
    tagName: 'nodejs',
    title: 'Node.js JavaScript heap out of memory',
    description: 'V8 could not grow the heap past its limit and the process aborted. Raise --max-old-space-size or fix the leak.',
    links: ['https://nodejs.org/api/cli.html#--max-old-space-sizesize-in-megabytes'],
    hint: 'heap out of memory',
    pattern: /JavaScript heap out of memory/,
    query: 'message:"JavaScript heap out of memory"',
  },
  {
    id: 'node-econnrefused',
    tagName: 'nodejs',
    title: 'Node.js ECONNREFUSED',
    description: 'A Node.js client connected to an address where nothing listens (the target service is down or on another port).',
    links: ['https://nodejs.org/api/errors.html#common-system-errors'],
    hint: 'econnrefused',
    pattern: /\bECONNREFUSED\b/,
    query: 'message:ECONNREFUSED',
  },
  {
    id: 'node-eaddrinuse',
    tagName: 'nodejs',
    title: 'Node.js EADDRINUSE',
    description: 'A Node.js server could not listen because another process already holds the address and port.',
    links: ['https://nodejs.org/api/errors.html#common-system-errors'],
    hint: 'eaddrinuse',
    pattern: /\bEADDRINUSE\b/,
    query: 'message:EADDRINUSE',
  },
  {
    id: 'node-unhandled-rejection',
    tagName: 'nodejs',
    title: 'Node.js unhandled promise rejection',
    description: 'A promise rejected with no handler; since Node.js 15 the process exits. Add a catch or handle the error where it rises.',
    links: ['https://nodejs.org/api/cli.html#--unhandled-rejectionsmode', 'https://nodejs.org/api/process.html#event-unhandledrejection'],
    hint: 'unhandled',
    pattern: /UnhandledPromiseRejection|Unhandled promise rejection/,
    query: 'message:UnhandledPromiseRejection',
  },

  // Kubernetes
  {
    id: 'k8s-crash-loop-back-off',
    tagName: 'kubernetes',
    title: 'Kubernetes container in CrashLoopBackOff',
    description:
      'A container keeps exiting and the kubelet waits longer before each restart. Read the previous container log (kubectl logs --previous).',
    links: [
      'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-restarts',
      'https://kubernetes.io/docs/tasks/debug/debug-application/debug-pods/',
    ],
    hint: 'crashloopbackoff',
    pattern: /CrashLoopBackOff|Back-off restarting failed container/,
    query: 'message:CrashLoopBackOff',
  },
  {
    id: 'k8s-oom-killed',
    tagName: 'kubernetes',
    title: 'Kubernetes container OOMKilled',
    description: 'A container used more memory than its limit and was killed. Raise the memory limit or reduce its use.',
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/#exceed-a-containers-memory-limit'],
    hint: 'oomkilled',
    pattern: /\bOOMKilled\b/,
    query: 'message:OOMKilled',
  },
  {
    id: 'k8s-image-pull-back-off',
    tagName: 'kubernetes',
    title: 'Kubernetes image pull failing',
    description: 'The kubelet cannot pull a container image (wrong name or tag, missing registry credentials) and backs off.',
    links: ['https://kubernetes.io/docs/concepts/containers/images/#imagepullbackoff'],
    hint: 'imagepull',
    pattern: /ImagePullBackOff|ErrImagePull/,
    query: 'message:ImagePullBackOff',
  },
];
