import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';
import { messageOf } from '../common/errors.js';

/** The logs that made a security event, as the events' logs search answers them (the first 100). */
export function EventLogs({ eventId }: { eventId: string }) {
  const logs = useQuery({
    queryKey: ['event-logs', eventId],
    queryFn: ({ signal }) =>
      api<{ total: number; results: Record<string, unknown>[] }>(
        'POST',
        '/v2/security/rules/events/logs/search',
        { filter: { alertEventId: eventId }, pagination: { pageNumber: 1, pageSize: 100 } },
        signal,
      ),
  });
  if (logs.isError)
    return (
      <p className="error" role="alert">
        {messageOf(logs.error)}
      </p>
    );
  if (logs.data === undefined) return <p className="spinner">Loading logs…</p>;
  return (
    <div className="table-wrap">
      <table className="list" data-testid="event-logs">
        <caption className="visually-hidden">Logs of the event</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Log</th>
          </tr>
        </thead>
        <tbody>
          {logs.data.results.map((log, index) => {
            const { '@timestamp': time, ...rest } = log;
            return (
              <tr key={index}>
                <td className="nowrap">{String(time ?? '')}</td>
                <td className="mono">
                  {Object.entries(rest)
                    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
                    .join('  ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
