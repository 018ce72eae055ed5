/**
 * The log type alerts write their event logs under (Logz.io's alert event logs): security rules never match their
 * own events nor the alerts', so they need it without importing the alerts module (decision 0693).
 */
export const ALERT_EVENT_LOG_TYPE = 'logward-alert';
