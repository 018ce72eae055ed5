/**
 * A rule's `logsource` → the condition that keeps it to those logs, so a rule for process creation never fires
 * on a registry event that happens to carry the same command line. Windows categories are Sysmon's event ids in the
 * Sysmon channel (what the SigmaHQ regression events are); services are event-log channels. A log source this
 * table does not know adds no condition beyond its product, and the conversion says so (`logsourceMapped`).
 */
import type { QueryAst } from '../../query/index.js';
import type { SigmaLogsource } from '../document/sigma-document.js';
import { allOf, anyOf, exists, term } from '../detection/ast-builders.js';

const SYSMON_CHANNEL = 'Microsoft-Windows-Sysmon/Operational';

/** Sysmon event ids of each Sigma category. */
const SYSMON_CATEGORIES: Readonly<Record<string, readonly number[]>> = {
  process_creation: [1],
  file_change: [2],
  network_connection: [3],
  sysmon_status: [4, 16],
  process_termination: [5],
  driver_load: [6],
  image_load: [7],
  create_remote_thread: [8],
  raw_access_thread: [9],
  process_access: [10],
  file_event: [11],
  registry_add: [12],
  registry_delete: [12],
  registry_set: [13],
  registry_rename: [14],
  registry_event: [12, 13, 14],
  create_stream_hash: [15],
  pipe_created: [17, 18],
  wmi_event: [19, 20, 21],
  dns_query: [22],
  file_delete: [23, 26],
  clipboard_capture: [24],
  process_tampering: [25],
  file_delete_detected: [26],
  file_block_executable: [27],
  file_block_shredding: [28],
  file_executable_detected: [29],
  sysmon_error: [255],
};

/** Event ids and channel of the Windows categories PowerShell writes. */
const POWERSHELL_CATEGORIES: Readonly<Record<string, { readonly channel: string; readonly ids: readonly number[] }>> = {
  ps_module: { channel: 'Microsoft-Windows-PowerShell/Operational', ids: [4103] },
  ps_script: { channel: 'Microsoft-Windows-PowerShell/Operational', ids: [4104] },
  ps_classic_start: { channel: 'Windows PowerShell', ids: [400] },
  ps_classic_provider_start: { channel: 'Windows PowerShell', ids: [600] },
};

/** Windows event-log channel of each Sigma service. */
const WINDOWS_CHANNELS: Readonly<Record<string, string>> = {
  security: 'Security',
  system: 'System',
  application: 'Application',
  sysmon: SYSMON_CHANNEL,
  powershell: 'Microsoft-Windows-PowerShell/Operational',
  'powershell-classic': 'Windows PowerShell',
  taskscheduler: 'Microsoft-Windows-TaskScheduler/Operational',
  wmi: 'Microsoft-Windows-WMI-Activity/Operational',
  windefend: 'Microsoft-Windows-Windows Defender/Operational',
  dns_server: 'DNS Server',
  driver_framework: 'Microsoft-Windows-DriverFrameworks-UserMode/Operational',
  ntlm: 'Microsoft-Windows-NTLM/Operational',
  'terminalservices-localsessionmanager': 'Microsoft-Windows-TerminalServices-LocalSessionManager/Operational',
  'bits-client': 'Microsoft-Windows-Bits-Client/Operational',
  codeintegrity_operational: 'Microsoft-Windows-CodeIntegrity/Operational',
  firewall_as: 'Microsoft-Windows-Windows Firewall With Advanced Security/Firewall',
  applocker: 'Microsoft-Windows-AppLocker/EXE and DLL',
  printservice_admin: 'Microsoft-Windows-PrintService/Admin',
  printservice_operational: 'Microsoft-Windows-PrintService/Operational',
  smbclient_security: 'Microsoft-Windows-SmbClient/Security',
  'security-mitigations': 'Microsoft-Windows-Security-Mitigations/KernelMode',
  shell_core: 'Microsoft-Windows-Shell-Core/Operational',
  openssh: 'OpenSSH/Operational',
  'appxdeployment-server': 'Microsoft-Windows-AppXDeploymentServer/Operational',
  'lsa-server': 'Microsoft-Windows-LSA/Operational',
  capi2: 'Microsoft-Windows-CAPI2/Operational',
  'certificateservicesclient-lifecycle-system': 'Microsoft-Windows-CertificateServicesClient-Lifecycle-System/Operational',
  'diagnosis-scripted': 'Microsoft-Windows-Diagnosis-Scripted/Operational',
  'microsoft-servicebus-client': 'Microsoft-ServiceBus-Client',
  msexchange_management: 'MSExchange Management',
  vhdmp: 'Microsoft-Windows-VHDMP/Operational',
  'kernel-shimengine': 'Microsoft-Windows-Kernel-ShimEngine/Operational',
};

/** syslog programs (the `program` field) of Linux services. */
const LINUX_PROGRAMS: Readonly<Record<string, readonly string[]>> = {
  sshd: ['sshd'],
  cron: ['cron', 'crond', 'CRON'],
  sudo: ['sudo'],
  su: ['su'],
  vsftpd: ['vsftpd'],
  clamav: ['clamd', 'freshclam'],
  guacamole: ['guacd'],
  auth: ['sshd', 'sudo', 'su', 'login', 'systemd-logind'],
};

const CHANNEL = 'Event.System.Channel.keyword';
const EVENT_ID = 'Event.System.EventID';

const eventIds = (ids: readonly number[]): QueryAst => anyOf(ids.map((id) => term(EVENT_ID, id, false)));

export interface LogsourceCondition {
  readonly query: QueryAst;
  /** False when the category or service is not in the table (only the product narrows the rule). */
  readonly mapped: boolean;
}

function windowsCondition(source: SigmaLogsource): LogsourceCondition {
  const parts: QueryAst[] = [exists('Event.System.EventID')];
  let mapped = true;
  if (source.category !== null) {
    const sysmon = SYSMON_CATEGORIES[source.category];
    const powershell = POWERSHELL_CATEGORIES[source.category];
    if (sysmon !== undefined) parts.push(term(CHANNEL, SYSMON_CHANNEL, false), eventIds(sysmon));
    else if (powershell !== undefined) parts.push(term(CHANNEL, powershell.channel, false), eventIds(powershell.ids));
    else mapped = false;
  }
  if (source.service !== null) {
    const channel = WINDOWS_CHANNELS[source.service];
    if (channel !== undefined) parts.push(term(CHANNEL, channel, false));
    else mapped = false;
  }
  return { query: allOf(parts), mapped };
}

export function logsourceCondition(source: SigmaLogsource): LogsourceCondition {
  if (source.product === 'windows') return windowsCondition(source);
  if (source.product === 'linux' && source.service !== null) {
    const programs = LINUX_PROGRAMS[source.service];
    if (programs === undefined) return { query: allOf([]), mapped: false };
    return { query: anyOf(programs.map((p) => term('program.keyword', p, true))), mapped: true };
  }
  // Categories such as webserver, proxy, dns and firewall are recognised by the rule's own fields.
  return { query: allOf([]), mapped: source.product === 'linux' || source.category !== null };
}
