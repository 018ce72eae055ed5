/**
 * Sigma's field taxonomy → the fields Logward stores (docs/sigma-field-mapping.md). Windows events arrive as the
 * JSON of an exported event (`Event.System`, `Event.EventData`), flattened into dotted names; Linux and network
 * logs keep the names their shippers give them, which for syslog are `host`, `program`, `pid` and `message`.
 */
import type { SigmaLogsource } from '../document/sigma-document.js';

/** `Event.System` members Sigma names directly (the others are event data). */
const WINDOWS_SYSTEM: Readonly<Record<string, string>> = {
  EventID: 'Event.System.EventID',
  Channel: 'Event.System.Channel',
  Computer: 'Event.System.Computer',
  Provider_Name: 'Event.System.Provider.#attributes.Name',
  Level: 'Event.System.Level',
  Task: 'Event.System.Task',
  Opcode: 'Event.System.Opcode',
  Keywords: 'Event.System.Keywords',
  EventRecordID: 'Event.System.EventRecordID',
  Version: 'Event.System.Version',
};

/** Where a keyword search (a value with no field) looks: the log line. */
export const KEYWORD_FIELDS: readonly string[] = ['message'];

/**
 * Channels whose events carry their data under `Event.UserData.<element>` instead of `Event.EventData`: the
 * elements each Sigma service's events use.
 */
const USER_DATA_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  wmi: ['Operation_ClientFailure', 'Operation_StartedOperational', 'Operation_TemporaryEssStarted', 'Operation_ESStoConsumerBinding'],
};

/** Defender writes its event data names with spaces (`Threat Name`); Sigma writes them joined (`ThreatName`). */
const SPACED_NAME_SERVICES: ReadonlySet<string> = new Set(['windefend']);
const spaced = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The Logward fields a Sigma field of this log source is read from (any of them may hold it). */
export function logwardFieldsOf(field: string, logsource: SigmaLogsource): readonly string[] {
  if (logsource.product !== 'windows') return [field];
  const system = WINDOWS_SYSTEM[field];
  if (system !== undefined) return [system];
  const service = logsource.service ?? '';
  const targets = [`Event.EventData.${field}`];
  if (SPACED_NAME_SERVICES.has(service) && spaced(field) !== field) targets.push(`Event.EventData.${spaced(field)}`);
  for (const element of USER_DATA_ELEMENTS[service] ?? []) targets.push(`Event.UserData.${element}.${field}`);
  return targets;
}
