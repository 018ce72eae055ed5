import type { KnownErrorSignature } from './known-error-signature.js';

/** Known errors of hosts: SSH and PAM, web servers, the kernel and hardware, the network. Sources in `links`. */
export const HOST_SIGNATURES: readonly KnownErrorSignature[] = [
  // SSH
  {
    id: 'ssh-failed-password',
    tagName: 'ssh',
    title: 'SSH password authentication failures',
    description:
      'sshd refused a password for a user. Repeated failures from one address are usually password guessing; limit ' +
      'attempts (MaxAuthTries), prefer keys (PasswordAuthentication no) or block the source.',
    links: ['https://man.openbsd.org/sshd_config#PasswordAuthentication', 'https://man.openbsd.org/sshd_config#MaxAuthTries'],
    hint: 'failed password',
    pattern: /\bFailed password for (?:invalid user )?\S+ from \S+/,
    query: 'message:"Failed password for"',
  },
  {
    id: 'ssh-reverse-mapping-break-in',
    tagName: 'ssh',
    title: 'SSH reverse DNS mismatch ("POSSIBLE BREAK-IN ATTEMPT")',
    description:
      "The client address's reverse DNS name does not map back to that address. sshd logs it when it looks names up " +
      '(UseDNS); it is often a misconfigured resolver, sometimes a spoofing attempt.',
    links: ['https://man.openbsd.org/sshd_config#UseDNS'],
    hint: 'possible break-in attempt',
    pattern: /POSSIBLE BREAK-IN ATTEMPT/,
    query: 'message:"POSSIBLE BREAK-IN ATTEMPT"',
  },
  {
    id: 'ssh-invalid-user',
    tagName: 'ssh',
    title: 'SSH logins for unknown users',
    description:
      'A client tried to log in as a user that does not exist on the host: typical of dictionary scans. Restrict who may ' +
      'log in (AllowUsers, AllowGroups) and rate-limit the source.',
    links: ['https://man.openbsd.org/sshd_config#AllowUsers', 'https://man.openbsd.org/sshd.8'],
    hint: 'invalid user',
    pattern: /\b[Ii]nvalid user \S*/,
    query: 'message:"Invalid user"',
  },
  {
    id: 'ssh-no-identification',
    tagName: 'ssh',
    title: 'SSH connections closed before the protocol exchange',
    description:
      'The client connected and left without sending its identification string: port scanners and health checks do this. ' +
      'Harmless alone; many per minute point to a scan.',
    links: ['https://man.openbsd.org/sshd.8', 'https://datatracker.ietf.org/doc/html/rfc4253#section-4.2'],
    hint: 'did not receive identification',
    pattern: /Did not receive identification string from/,
    query: 'message:"Did not receive identification string"',
  },
  {
    id: 'pam-authentication-failure',
    tagName: 'ssh',
    title: 'PAM authentication failures',
    description:
      'pam_unix could not authenticate a user (wrong password or unknown user) for a service such as sshd, su or ftpd. ' +
      'Bursts from one rhost are password guessing.',
    links: ['https://man7.org/linux/man-pages/man8/pam_unix.8.html'],
    hint: 'authentication failure',
    pattern: /\bauthentication failure;/,
    query: 'message:"authentication failure"',
  },

  // Web servers
  {
    id: 'apache-mod-jk-error-state',
    tagName: 'web-server',
    title: 'Apache mod_jk worker in error state',
    description:
      'The Apache HTTP Server connector to Tomcat (mod_jk) marked a worker as failed, so requests for it fail until the ' +
      'worker recovers. Check that the Tomcat AJP connector is up and the worker settings (retries, recovery) match it.',
    links: [
      'https://tomcat.apache.org/connectors-doc/reference/workers.html',
      'https://tomcat.apache.org/connectors-doc/common_howto/timeouts.html',
    ],
    hint: 'error state',
    pattern: /mod_jk child \S+ in error state/,
    query: 'message:"mod_jk child workerEnv in error state"',
  },
  {
    id: 'apache-directory-index-forbidden',
    tagName: 'web-server',
    title: 'Apache directory index forbidden',
    description:
      'A client asked for a directory that has no index file while Options lacks Indexes, so Apache answered 403. ' +
      'Add an index file (DirectoryIndex) or expect the 403s from scanners.',
    links: ['https://httpd.apache.org/docs/2.4/mod/core.html#options', 'https://httpd.apache.org/docs/2.4/mod/mod_dir.html#directoryindex'],
    hint: 'directory index forbidden',
    pattern: /Directory index forbidden by rule/,
    query: 'message:"Directory index forbidden by rule"',
  },
  {
    id: 'nginx-upstream-timed-out',
    tagName: 'web-server',
    title: 'nginx upstream timed out',
    description:
      'nginx gave up waiting for the proxied server (proxy_connect_timeout / proxy_read_timeout) and answered 504. The ' +
      'upstream is slow or overloaded, or the timeout is shorter than its slowest request.',
    links: ['https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout'],
    hint: 'upstream timed out',
    pattern: /upstream timed out \(\d+: [^)]*\) while (?:connecting to|reading response header from) upstream/,
    query: 'message:"upstream timed out"',
  },
  {
    id: 'nginx-upstream-connect-refused',
    tagName: 'web-server',
    title: 'nginx cannot connect to upstream',
    description: 'nginx could not open a connection to a proxied server (nothing listening, or it is restarting) and answered 502.',
    links: ['https://nginx.org/en/docs/http/ngx_http_upstream_module.html#server'],
    hint: 'while connecting to upstream',
    pattern: /connect\(\) failed \(111: Connection refused\) while connecting to upstream/,
    query: 'message:"while connecting to upstream"',
  },
  {
    id: 'nginx-worker-connections',
    tagName: 'web-server',
    title: 'nginx worker_connections are not enough',
    description: 'A worker reached its connection limit and dropped new connections. Raise worker_connections (and the open-file limit).',
    links: ['https://nginx.org/en/docs/ngx_core_module.html#worker_connections'],
    hint: 'worker_connections are not enough',
    pattern: /worker_connections are not enough/,
    query: 'message:"worker_connections are not enough"',
  },

  // Kernel and hardware
  {
    id: 'kernel-oom-killer',
    tagName: 'kernel',
    title: 'Linux OOM killer ended a process',
    description:
      'The kernel ran out of memory and killed the process with the highest badness score. Add memory, limit the process or find the leak.',
    links: ['https://www.kernel.org/doc/gorman/html/understand/understand016.html'],
    hint: 'out of memory',
    pattern: /Out of memory: Kill(?:ed)? process/,
    query: 'message:"Out of memory"',
  },
  {
    id: 'kernel-segfault',
    tagName: 'kernel',
    title: 'Process segmentation fault',
    description:
      'A process touched memory it may not (SIGSEGV) and the kernel logged the faulting address. A bug in the program or a library.',
    links: ['https://man7.org/linux/man-pages/man7/signal.7.html'],
    hint: 'segfault',
    pattern: /\bsegfault at [0-9a-f]+/,
    query: 'message:segfault',
  },
  {
    id: 'kernel-machine-check',
    tagName: 'kernel',
    title: 'Machine check (hardware error)',
    description: 'The CPU reported a hardware error (memory, cache, bus). Repeated machine checks on one node mean failing hardware.',
    links: ['https://www.kernel.org/doc/html/latest/arch/x86/x86_64/machinecheck.html'],
    hint: 'machine check',
    pattern: /[Mm]achine [Cc]heck/,
    query: 'message:"machine check"',
  },
  {
    id: 'kernel-cache-parity-error',
    tagName: 'kernel',
    title: 'CPU cache parity error',
    description:
      'The processor found a parity error in a cache and corrected it. Among the most common hardware messages on large ' +
      'clusters (Oliner and Stearley, "What Supercomputers Say"); a rising rate on one node precedes failures.',
    links: ['https://doi.org/10.1109/DSN.2007.103', 'https://github.com/logpai/loghub'],
    hint: 'parity error',
    pattern: /cache parity error/,
    query: 'message:"parity error"',
  },
  {
    id: 'kernel-no-space-left',
    tagName: 'kernel',
    title: 'No space left on device',
    description: 'A write failed with ENOSPC: the file system is full (or out of inodes). Free space or grow the volume.',
    links: ['https://man7.org/linux/man-pages/man3/errno.3.html'],
    hint: 'no space left on device',
    pattern: /No space left on device/,
    query: 'message:"No space left on device"',
  },
  {
    id: 'kernel-too-many-open-files',
    tagName: 'kernel',
    title: 'Too many open files',
    description: 'A process hit its open-file limit (EMFILE). Raise RLIMIT_NOFILE (ulimit -n) or close leaked descriptors.',
    links: ['https://man7.org/linux/man-pages/man3/errno.3.html', 'https://man7.org/linux/man-pages/man2/getrlimit.2.html'],
    hint: 'too many open files',
    pattern: /Too many open files/,
    query: 'message:"Too many open files"',
  },
  {
    id: 'network-connection-refused',
    tagName: 'network',
    title: 'Connection refused',
    description: 'A client found nothing listening at the address and port (ECONNREFUSED): the service is down, restarting or elsewhere.',
    links: ['https://man7.org/linux/man-pages/man2/connect.2.html', 'https://man7.org/linux/man-pages/man3/errno.3.html'],
    hint: 'connection refused',
    pattern: /Connection refused/,
    query: 'message:"Connection refused"',
  },
  {
    id: 'network-connection-reset',
    tagName: 'network',
    title: 'Connection reset by peer',
    description: 'The remote side aborted the connection (ECONNRESET): it crashed, restarted, or a proxy or firewall cut the connection.',
    links: ['https://man7.org/linux/man-pages/man3/errno.3.html'],
    hint: 'connection reset',
    pattern: /Connection reset by peer|connection reset/i,
    query: 'message:"Connection reset"',
  },
  {
    id: 'network-name-resolution',
    tagName: 'network',
    title: 'Host name could not be resolved',
    description: 'A host name did not resolve (getaddrinfo failed): a DNS outage, a typo in the name or a missing resolver configuration.',
    links: ['https://man7.org/linux/man-pages/man3/getaddrinfo.3.html'],
    hint: 'resolve',
    pattern: /[Cc]ould not resolve|Name or service not known|Temporary failure in name resolution/,
    query: 'message:"Could not resolve"',
  },
];
